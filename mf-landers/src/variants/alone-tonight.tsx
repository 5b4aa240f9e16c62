import { useEffect, useState } from 'react';
import { pageTexts, useLanderTranslation } from '../lib/page-texts';
import { LanderFrame } from '../features/lander/components/lander-frame';
import { ProfilePhoto } from '../features/lander/components/profile-photo';
import { SignupCta } from '../features/lander/components/signup-cta';
import { SignupButton } from '../lib/signup-button';
import { useLanderProfiles } from '../features/lander/hooks/use-lander-profiles';
import type { VariantProps } from './variant-props';
import styles from './alone-tonight.module.scss';

/** This lander's own texts (`landers-alone-tonight`), registered here so the map of their locale files is in this chunk. */
const TEXTS = pageTexts('alone-tonight', 'aloneTonight', {
  da: () => import('../locales/alone-tonight/da.json'),
  de: () => import('../locales/alone-tonight/de.json'),
  en: () => import('../locales/alone-tonight/en.json'),
  es: () => import('../locales/alone-tonight/es.json'),
  fi: () => import('../locales/alone-tonight/fi.json'),
  fr: () => import('../locales/alone-tonight/fr.json'),
  it: () => import('../locales/alone-tonight/it.json'),
  nb: () => import('../locales/alone-tonight/nb.json'),
  nl: () => import('../locales/alone-tonight/nl.json'),
  pl: () => import('../locales/alone-tonight/pl.json'),
  sv: () => import('../locales/alone-tonight/sv.json'),
});

function untilMidnight(now: Date): string {
  const midnight = new Date(now);
  midnight.setHours(24, 0, 0, 0);
  const seconds = Math.max(0, Math.floor((midnight.getTime() - now.getTime()) / 1000));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

/** Ticks once a second; only this line re-renders. */
function Countdown() {
  const { t } = useLanderTranslation(TEXTS);
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <p className={styles.countdown}>
      {t('aloneTonight.countdown')}{' '}
      {/* The server's clock and time zone are not the visitor's: the browser writes its own (docs/adr/0030). */}
      <time className={styles.clock} suppressHydrationWarning>
        {untilMidnight(now)}
      </time>
    </p>
  );
}

/** `/landers/alonetonight`: a night-time pitch: who is online right now, the clock running to midnight. */
export default function AloneTonight({ source }: VariantProps) {
  const { t } = useLanderTranslation(TEXTS);
  const { profiles } = useLanderProfiles(4);
  const slots = Array.from({ length: 4 }, (_, index) => profiles[index] ?? null);
  const online = 120 + new Date().getHours() * 7;
  return (
    <LanderFrame page="alonetonight" source={source}>
      <header className={styles.night}>
        <span className={styles.moon} aria-hidden="true" />
        <h1 className={styles.title} data-testid="lander-title">
          {t('aloneTonight.title')}
        </h1>
        <p className={styles.text}>{t('aloneTonight.text')}</p>
        <Countdown />
        <ul
          className={styles.online}
          suppressHydrationWarning
          aria-label={t('aloneTonight.onlineLabel', { count: online })}
        >
          {slots.map((profile, index) => (
            <li key={profile?.id ?? index}>
              <SignupButton
                source={source}
                aria-label={profile ? t('photoOf', { name: profile.name }) : undefined}
                disabled={!profile}
              >
                <ProfilePhoto profile={profile} lazy={false} className={styles.avatar} />
                <span className={styles.dot} aria-hidden="true" />
              </SignupButton>
              {/* The line is there before the name arrives, so the count and the call to action do not move. */}
              <span className={styles.name} aria-hidden={profile ? undefined : true}>
                {profile ? profile.name : '\u00a0'}
              </span>
            </li>
          ))}
        </ul>
        <p className={styles.count}>{t('aloneTonight.onlineLabel', { count: online })}</p>
        <SignupCta source={source} label={t('aloneTonight.cta')} />
      </header>
      <ol className={styles.steps}>
        {(['one', 'two', 'three'] as const).map((step, index) => (
          <li key={step}>
            <span className={styles.stepNumber} aria-hidden="true">
              {index + 1}
            </span>
            {t(`aloneTonight.steps.${step}`)}
          </li>
        ))}
      </ol>
    </LanderFrame>
  );
}
