import { useState } from 'react';
import type { PreviewProfile } from '../features/lander/hooks/use-lander-profiles';
import { pageTexts, useLanderTranslation } from '../lib/page-texts';
import { useSite } from '../lib/site';
import { LanderFrame } from '../features/lander/components/lander-frame';
import { ProfilePhoto } from '../features/lander/components/profile-photo';
import { SignupButton } from '../lib/signup-button';
import { useLanderProfiles } from '../features/lander/hooks/use-lander-profiles';
import type { VariantProps } from './variant-props';
import styles from './gallery.module.scss';

/** This lander's own texts (`landers-gallery`), registered here so the map of their locale files is in this chunk. */
const TEXTS = pageTexts('gallery', 'gallery', {
  da: () => import('../locales/gallery/da.json'),
  de: () => import('../locales/gallery/de.json'),
  en: () => import('../locales/gallery/en.json'),
  es: () => import('../locales/gallery/es.json'),
  fi: () => import('../locales/gallery/fi.json'),
  fr: () => import('../locales/gallery/fr.json'),
  it: () => import('../locales/gallery/it.json'),
  nb: () => import('../locales/gallery/nb.json'),
  nl: () => import('../locales/gallery/nl.json'),
  pl: () => import('../locales/gallery/pl.json'),
  sv: () => import('../locales/gallery/sv.json'),
});

const FILTERS = ['all', 'online', 'new'] as const;
type Filter = (typeof FILTERS)[number];
const COUNT = 12;

/** Demo rhythm, not data: every third member is "online", every fourth "new". */
function matches(filter: Filter, index: number) {
  if (filter === 'online') return index % 3 !== 1;
  if (filter === 'new') return index % 4 === 0 || index % 4 === 3;
  return true;
}

function Card({ profile, index, source }: { profile: PreviewProfile | null; index: number; source: string }) {
  const { t } = useLanderTranslation(TEXTS);
  return (
    <li className={styles.card}>
      <ProfilePhoto profile={profile} lazy={index >= 4} priority={index < 2} />
      {profile && (
        <div className={styles.meta}>
          <strong>
            {profile.name}, {profile.age}
          </strong>
          <span>{profile.city ?? profile.region}</span>
          <SignupButton source={source} className={styles.view}>
            {t('gallery.view', { name: profile.name })}
          </SignupButton>
        </div>
      )}
      {profile && index % 3 !== 1 && <span className={styles.online}>{t('online')}</span>}
    </li>
  );
}

/** `/landers/gallery`: a photo gallery of the niche's members with filter tabs; every card leads to signup. */
export default function Gallery({ source }: VariantProps) {
  const { t } = useLanderTranslation(TEXTS);
  const { settings, variant } = useSite();
  const [filter, setFilter] = useState<Filter>('all');
  const { profiles } = useLanderProfiles(COUNT);
  const cards = Array.from({ length: COUNT }, (_, index) => ({
    profile: profiles[index] ?? null,
    index,
  })).filter(({ index }) => matches(filter, index));
  return (
    <LanderFrame page="gallery" source={source}>
      <header className={styles.header}>
        <h1 className={styles.title} data-testid="lander-title">
          {t('gallery.title', { audience: t(`audience.${variant}`) })}
        </h1>
        <p>{t('gallery.text', { site: settings?.name ?? '' })}</p>
        <div className={styles.tabs} role="group" aria-label={t('gallery.filter')}>
          {FILTERS.map((name) => (
            <button key={name} type="button" aria-pressed={filter === name} onClick={() => setFilter(name)}>
              {t(`gallery.filters.${name}`)}
            </button>
          ))}
        </div>
      </header>
      <ul className={styles.grid}>
        {cards.map(({ profile, index }) => (
          <Card key={profile?.id ?? index} profile={profile} index={index} source={source} />
        ))}
      </ul>
    </LanderFrame>
  );
}
