import { useEffect, useState } from 'react';
import { pageTexts, useLanderTranslation } from '../lib/page-texts';
import { useReducedMotion } from '../lib/use-reduced-motion';
import { LanderFrame } from '../features/lander/components/lander-frame';
import { ProfilePhoto } from '../features/lander/components/profile-photo';
import { SignupCta } from '../features/lander/components/signup-cta';
import { useLanderProfiles } from '../features/lander/hooks/use-lander-profiles';
import type { VariantProps } from './variant-props';
import styles from './transitions.module.scss';

/** This lander's own texts (`landers-transitions`), registered here so the map of their locale files is in this chunk. */
const TEXTS = pageTexts('transitions', 'transitions', {
  da: () => import('../locales/transitions/da.json'),
  de: () => import('../locales/transitions/de.json'),
  en: () => import('../locales/transitions/en.json'),
  es: () => import('../locales/transitions/es.json'),
  fi: () => import('../locales/transitions/fi.json'),
  fr: () => import('../locales/transitions/fr.json'),
  it: () => import('../locales/transitions/it.json'),
  nb: () => import('../locales/transitions/nb.json'),
  nl: () => import('../locales/transitions/nl.json'),
  pl: () => import('../locales/transitions/pl.json'),
  sv: () => import('../locales/transitions/sv.json'),
});

const SLIDES = 6;
const SLIDE_MS = 3500;

/**
 * `/landers/transitionsvideolanding`: full-width slides of members that cross-fade and slowly zoom, with the pitch
 * over them. Reduced motion: no autoplay, no zoom; the arrows still work. A pause button stops the autoplay.
 */
export default function Transitions({ source }: VariantProps) {
  const { t } = useLanderTranslation(TEXTS);
  const reduced = useReducedMotion();
  const [paused, setPaused] = useState(false);
  const [current, setCurrent] = useState(0);
  const { profiles } = useLanderProfiles(SLIDES);
  const count = Math.max(profiles.length, 1);
  const playing = !reduced && !paused && profiles.length > 1;

  useEffect(() => {
    if (!playing) return undefined;
    const timer = window.setInterval(() => setCurrent((index) => (index + 1) % count), SLIDE_MS);
    return () => window.clearInterval(timer);
  }, [playing, count]);

  const shown = profiles[current % count] ?? null;
  return (
    <LanderFrame page="transitionsvideolanding" source={source}>
      <section className={`${styles.stage} ${reduced ? styles.still : ''}`} aria-roledescription="carousel">
        {(profiles.length ? profiles : [null]).map((profile, index) => (
          <div
            key={profile?.id ?? index}
            className={`${styles.slide} ${index === current % count ? styles.active : ''}`}
            aria-hidden={index !== current % count}
          >
            <ProfilePhoto
              profile={profile}
              size="full"
              lazy={index > 0}
              priority={index === 0}
              className={styles.slidePhoto}
            />
          </div>
        ))}
        <div className={styles.overlay}>
          <h1 className={styles.title} data-testid="lander-title">
            {t('transitions.title')}
          </h1>
          {/* The caption's line is kept before the members arrive: the overlay grows upwards, so a late line
              would move the title (CLS). */}
          <p
            className={styles.caption}
            aria-live={playing ? 'off' : 'polite'}
            aria-hidden={shown ? undefined : true}
          >
            {shown ? `${shown.name}, ${shown.age}${shown.city ? ` · ${shown.city}` : ''}` : '\u00a0'}
          </p>
          <SignupCta source={source} />
        </div>
        <div className={styles.controls}>
          <button
            type="button"
            onClick={() => setCurrent((index) => (index - 1 + count) % count)}
            aria-label={t('transitions.previous')}
          >
            ‹
          </button>
          {!reduced && (
            <button
              type="button"
              onClick={() => setPaused((value) => !value)}
              aria-label={paused ? t('media.play') : t('media.pause')}
            >
              {paused ? '▶' : '❚❚'}
            </button>
          )}
          <button
            type="button"
            onClick={() => setCurrent((index) => (index + 1) % count)}
            aria-label={t('transitions.next')}
          >
            ›
          </button>
        </div>
      </section>
      <p className={styles.text}>{t('transitions.text')}</p>
    </LanderFrame>
  );
}
