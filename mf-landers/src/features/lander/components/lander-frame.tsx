import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  advertisedCode,
  PREMIUM_MATCH_CHANCE_PERCENT,
  WELCOME_DISCOUNT_PERCENTAGE,
  type LanderPageKey,
} from '@dating/shared';
import { NS } from '../../../lib/i18n';
import { useSite } from '../../../lib/site';
import { SignupCta } from './signup-cta';
import styles from './lander-frame.module.scss';

/** The benefits and the last call to action that every lander ends with. */
export function LanderClosing({ source }: { source: string }) {
  const { t, i18n } = useTranslation(NS);
  const { settings } = useSite();
  const site = settings?.name ?? '';
  const benefits = [
    { icon: '💞', text: t('benefits.match', { percent: PREMIUM_MATCH_CHANCE_PERCENT }) },
    // The code named is the page language's advertised welcome code, which exists on every site (migration 0350).
    {
      icon: '🎁',
      text: t('benefits.discountCode', {
        percent: WELCOME_DISCOUNT_PERCENTAGE,
        code: advertisedCode('welcome', i18n.language),
      }),
    },
    { icon: '✨', text: t('benefits.free') },
    { icon: '🔒', text: t('benefits.discreet') },
  ];
  return (
    <>
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
    </>
  );
}

interface LanderFrameProps {
  page: LanderPageKey;
  source: string;
  children: ReactNode;
  /** Landers that end in their own call to action leave the common closing out. */
  closing?: boolean;
  className?: string;
}

/** Every lander: the niche's colours (docs/product/README.md) as CSS variables, a test id per page, the common closing. */
export function LanderFrame({ page, source, children, closing = true, className = '' }: LanderFrameProps) {
  const { variant } = useSite();
  return (
    <div
      className={`${styles.frame} ${styles[variant] ?? ''} ${className}`}
      data-testid={`lander-${page}`}
      data-niche={variant}
    >
      {children}
      {closing && <LanderClosing source={source} />}
    </div>
  );
}
