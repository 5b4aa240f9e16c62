import { useState } from 'react';
import { pageTexts, useLanderTranslation } from '../lib/page-texts';
import { useReducedMotion } from '../lib/use-reduced-motion';
import { LanderFrame } from '../features/lander/components/lander-frame';
import { ProfilePhoto } from '../features/lander/components/profile-photo';
import { SignupCta } from '../features/lander/components/signup-cta';
import { SignupButton } from '../lib/signup-button';
import { useLanderProfiles } from '../features/lander/hooks/use-lander-profiles';
import type { VariantProps } from './variant-props';
import styles from './video.module.scss';

/** This lander's own texts (`landers-video`), registered here so the map of their locale files is in this chunk. */
const TEXTS = pageTexts('video', 'video', {
  da: () => import('../locales/video/da.json'),
  de: () => import('../locales/video/de.json'),
  en: () => import('../locales/video/en.json'),
  es: () => import('../locales/video/es.json'),
  fi: () => import('../locales/video/fi.json'),
  fr: () => import('../locales/video/fr.json'),
  it: () => import('../locales/video/it.json'),
  nb: () => import('../locales/video/nb.json'),
  nl: () => import('../locales/video/nl.json'),
  pl: () => import('../locales/video/pl.json'),
  sv: () => import('../locales/video/sv.json'),
});

/** Members in the "more live now" strip. */
const LIVE = 5;

/**
 * `/landers/video`: a looping "live video" made here from members' photos (CSS animation: a slow camera pan, a
 * picture-in-picture, rising hearts, a progress bar): no video file to download. Reduced motion: it stands still
 * until the visitor presses play.
 */
export default function VideoLander({ source }: VariantProps) {
  const { t } = useLanderTranslation(TEXTS);
  const reduced = useReducedMotion();
  const [choice, setChoice] = useState<boolean | null>(null);
  const playing = choice ?? !reduced;
  const { profiles, ready } = useLanderProfiles(2 + LIVE);
  const [star = null, guest = null, ...loaded] = profiles;
  // Until the members are known, the strip keeps its tiles' place (blank photos), so what follows does not move.
  const live = ready ? loaded : Array.from({ length: LIVE }, () => null);
  return (
    <LanderFrame page="video" source={source}>
      <section className={styles.hero}>
        <h1 className={styles.title} data-testid="lander-title">
          {t('video.title')}
        </h1>
        <div className={`${styles.player} ${playing ? '' : styles.paused}`}>
          <ProfilePhoto profile={star} size="full" lazy={false} priority className={styles.camera} />
          <ProfilePhoto profile={guest} lazy={false} className={styles.pip} />
          <span className={styles.live}>{t('video.live')}</span>
          <span className={styles.viewers}>{t('video.viewers', { count: 248 })}</span>
          <span className={styles.hearts} aria-hidden="true">
            <i>♥</i>
            <i>♥</i>
            <i>♥</i>
          </span>
          {star && (
            <span className={styles.name}>
              {star.name}, {star.age}
            </span>
          )}
          <div className={styles.bar}>
            <button
              type="button"
              onClick={() => setChoice(!playing)}
              aria-label={playing ? t('media.pause') : t('media.play')}
            >
              {playing ? '❚❚' : '▶'}
            </button>
            <span className={styles.progress}>
              <span />
            </span>
            <SignupButton source={source} className={styles.join}>
              {t('video.join')}
            </SignupButton>
          </div>
        </div>
        <p className={styles.text}>{t('video.text')}</p>
        <SignupCta source={source} />
      </section>
      {live.length > 0 && (
        <section className={styles.strip}>
          <h2>{t('video.more')}</h2>
          <ul>
            {live.map((profile, index) =>
              profile ? (
                <li key={profile.id}>
                  <SignupButton source={source}>
                    <span className="visually-hidden">{t('photoOf', { name: profile.name })}</span>
                    <ProfilePhoto profile={profile} />
                    <span className={styles.stripLive}>{t('video.live')}</span>
                  </SignupButton>
                </li>
              ) : (
                <li key={index} aria-hidden="true">
                  <ProfilePhoto profile={null} className={styles.stripBlank} />
                </li>
              ),
            )}
          </ul>
        </section>
      )}
    </LanderFrame>
  );
}
