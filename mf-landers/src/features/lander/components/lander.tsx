import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PREMIUM_MATCH_CHANCE_PERCENT, WELCOME_DISCOUNT_PERCENTAGE } from '@dating/shared';
import { NS } from '../../../lib/i18n';
import { useSite } from '../../../lib/site';
import { ProfileTeasers } from './profile-teasers';
import { SignupCta } from './signup-cta';
import styles from './lander.module.scss';

interface LanderProps {
  /** Reported with the signup event, e.g. `home` or `lander:gallery`. */
  source: string;
  /** Shown in the hero instead of the niche headline (profile-based landers). */
  featured?: ReactNode;
  children?: ReactNode;
}

/** The general lander; the niche variants of SPEC §1 change the headline and colours. */
export function Lander({ source, featured, children }: LanderProps) {
  const { t } = useTranslation(NS);
  const { settings, variant } = useSite();
  const site = settings?.name ?? '';
  const benefits = [
    { icon: '💞', text: t('benefits.match', { percent: PREMIUM_MATCH_CHANCE_PERCENT }) },
    { icon: '🎁', text: t('benefits.discount', { percent: WELCOME_DISCOUNT_PERCENTAGE }) },
    { icon: '✨', text: t('benefits.free') },
    { icon: '🔒', text: t('benefits.discreet') },
  ];

  return (
    <div className={`${styles.lander} ${styles[variant] ?? ''}`}>
      <header className={styles.hero}>
        <p className={styles.site}>{site}</p>
        {featured ?? <h1 className={styles.title}>{t(`hero.title.${variant}`)}</h1>}
        <p className={styles.subtitle}>{t('hero.subtitle', { site })}</p>
        <SignupCta source={source} />
      </header>
      {children}
      <ProfileTeasers source={source} />
      <section className={styles.section}>
        <h2 className={styles.sectionTitle}>{t('benefits.title', { site })}</h2>
        <ul className={styles.benefits}>
          {benefits.map((benefit) => (
            <li key={benefit.text}>
              <span aria-hidden="true">{benefit.icon}</span>
              {benefit.text}
            </li>
          ))}
        </ul>
      </section>
      <section className={`${styles.section} ${styles.closing}`}>
        <h2 className={styles.sectionTitle}>{t('closing.title')}</h2>
        <SignupCta source={source} />
      </section>
    </div>
  );
}
