import { useState } from 'react';
import type { Interest, NicheVariant } from '@dating/shared';
import { INTEREST_ICONS } from '@dating/shared/interest-icons';
import { useOptionLabels } from '@dating/shared/option-labels';
import { pageTexts, useLanderTranslation } from '../lib/page-texts';
import { useSite } from '../lib/site';
import { LanderFrame } from '../features/lander/components/lander-frame';
import { SignupCta } from '../features/lander/components/signup-cta';
import type { VariantProps } from './variant-props';
import styles from './icons.module.scss';

/** This lander's own texts (`landers-icons`), registered here so the map of their locale files is in this chunk. */
const TEXTS = pageTexts('icons', 'icons', {
  da: () => import('../locales/icons/da.json'),
  de: () => import('../locales/icons/de.json'),
  en: () => import('../locales/icons/en.json'),
  es: () => import('../locales/icons/es.json'),
  fi: () => import('../locales/icons/fi.json'),
  fr: () => import('../locales/icons/fr.json'),
  it: () => import('../locales/icons/it.json'),
  nb: () => import('../locales/icons/nb.json'),
  nl: () => import('../locales/icons/nl.json'),
  pl: () => import('../locales/icons/pl.json'),
  sv: () => import('../locales/icons/sv.json'),
});

const GENERAL: Interest[] = [
  'travelling',
  'music',
  'movies',
  'cooking',
  'dancing',
  'beach',
  'wine',
  'hiking',
  'coffee',
  'art',
  'sports',
  'party',
  'kissing',
  'massages',
  'photography',
  'animals',
];

/** The niche picks the icons a visitor is offered (docs/product/README.md: texts, imagery). */
const NICHE_ICONS: Record<NicheVariant, Interest[]> = {
  general: GENERAL,
  she: [
    'travelling',
    'music',
    'dancing',
    'wine',
    'kissing',
    'massages',
    'lingerie',
    'hugging',
    'beach',
    'theater',
    'coffee',
    'party',
    'cooking',
    'art',
    'movies',
    'relationship',
  ],
  bdsm: [
    'bondage',
    'sadomasochism',
    'lingerie',
    'sextoys',
    'massages',
    'kissing',
    'party',
    'wine',
    'tattoos',
    'onenightstand',
    'photography',
    'music',
    'dancing',
    'movies',
    'travelling',
    'gym',
  ],
  bbw: [
    'cooking',
    'wine',
    'hugging',
    'kissing',
    'music',
    'movies',
    'beach',
    'dancing',
    'massages',
    'lingerie',
    'travelling',
    'party',
    'coffee',
    'animals',
    'sushi',
    'relationship',
  ],
  gilf: [
    'gardening',
    'reading',
    'theater',
    'travelling',
    'cooking',
    'wine',
    'hiking',
    'music',
    'coffee',
    'art',
    'dancing',
    'animals',
    'hugging',
    'kissing',
    'movies',
    'relationship',
  ],
  milf: [
    'wine',
    'travelling',
    'dancing',
    'kissing',
    'lingerie',
    'massages',
    'beach',
    'cooking',
    'gym',
    'party',
    'music',
    'movies',
    'coffee',
    'sushi',
    'onenightstand',
    'hugging',
  ],
  gay: [
    'gym',
    'party',
    'music',
    'travelling',
    'dancing',
    'beach',
    'movies',
    'sports',
    'cooking',
    'tattoos',
    'kissing',
    'massages',
    'photography',
    'art',
    'wine',
    'onenightstand',
  ],
};

/** `/landers/iconslanding`: an icon grid of interests to pick; the pick leads to signup. */
export default function Icons({ source }: VariantProps) {
  const { t } = useLanderTranslation(TEXTS);
  const { label } = useOptionLabels();
  const { variant } = useSite();
  const [picked, setPicked] = useState<Interest[]>([]);
  const toggle = (interest: Interest) =>
    setPicked((current) =>
      current.includes(interest) ? current.filter((i) => i !== interest) : [...current, interest],
    );
  return (
    <LanderFrame page="iconslanding" source={source}>
      <header className={styles.header}>
        <h1 className={styles.title} data-testid="lander-title">
          {t('icons.title')}
        </h1>
        <p>{t('icons.text')}</p>
      </header>
      <ul className={styles.grid} aria-label={t('icons.title')}>
        {NICHE_ICONS[variant].map((interest) => (
          <li key={interest}>
            <button type="button" aria-pressed={picked.includes(interest)} onClick={() => toggle(interest)}>
              <span className={styles.icon} aria-hidden="true">
                {INTEREST_ICONS[interest]}
              </span>
              {label('interests', interest)}
            </button>
          </li>
        ))}
      </ul>
      <div className={styles.action}>
        <p aria-live="polite">{t('icons.picked', { count: picked.length })}</p>
        <SignupCta source={source} label={t('icons.cta')} />
      </div>
    </LanderFrame>
  );
}
