import { pageTexts, useLanderTranslation } from '../lib/page-texts';
import { useSite } from '../lib/site';
import { LanderFrame } from '../features/lander/components/lander-frame';
import { ProfilePhoto } from '../features/lander/components/profile-photo';
import { SignupCta } from '../features/lander/components/signup-cta';
import { SignupButton } from '../lib/signup-button';
import { useLanderProfiles } from '../features/lander/hooks/use-lander-profiles';
import type { VariantProps } from './variant-props';
import styles from './collage.module.scss';

/** This lander's own texts (`landers-collage`), registered here so the map of their locale files is in this chunk. */
const TEXTS = pageTexts('collage', 'collage', {
  da: () => import('../locales/collage/da.json'),
  de: () => import('../locales/collage/de.json'),
  en: () => import('../locales/collage/en.json'),
  es: () => import('../locales/collage/es.json'),
  fi: () => import('../locales/collage/fi.json'),
  fr: () => import('../locales/collage/fr.json'),
  it: () => import('../locales/collage/it.json'),
  nb: () => import('../locales/collage/nb.json'),
  nl: () => import('../locales/collage/nl.json'),
  pl: () => import('../locales/collage/pl.json'),
  sv: () => import('../locales/collage/sv.json'),
});

const TILES = 12;

/** `/landers/collagelanding`: a wall of tilted polaroids with the pitch pinned in the middle. */
export default function Collage({ source }: VariantProps) {
  const { t } = useLanderTranslation(TEXTS);
  const { settings, variant } = useSite();
  const { profiles } = useLanderProfiles(TILES);
  const tiles = Array.from({ length: TILES }, (_, index) => profiles[index] ?? null);
  return (
    <LanderFrame page="collagelanding" source={source}>
      <section className={styles.collage}>
        <ul className={styles.wall}>
          {tiles.map((profile, index) => (
            <li key={profile?.id ?? index} className={styles[`tilt${index % 4}`]}>
              <SignupButton
                source={source}
                className={styles.polaroid}
                tabIndex={profile ? 0 : -1}
                aria-hidden={!profile}
              >
                <ProfilePhoto profile={profile} lazy={index >= 6} priority={index < 2} />
                <span className={styles.caption}>
                  {profile ? `${profile.name}, ${profile.age}` : '\u00a0'}
                </span>
              </SignupButton>
            </li>
          ))}
        </ul>
        <div className={styles.pitch}>
          <p className={styles.site}>{settings?.name}</p>
          <h1 className={styles.title} data-testid="lander-title">
            {t('collage.title')}
          </h1>
          <p>{t(`collage.text.${variant}`)}</p>
          <SignupCta source={source} />
        </div>
      </section>
    </LanderFrame>
  );
}
