import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LanderPageKey } from '@dating/shared';
import { NS } from '../../../lib/i18n';
import { useSite } from '../../../lib/site';
import { LanderFrame } from './lander-frame';
import { ProfileTeasers } from './profile-teasers';
import { SignupCta } from './signup-cta';
import styles from './lander.module.scss';

interface LanderProps {
  /** Reported with the signup event, e.g. `home` or `lander:gallery`. */
  source: string;
  page?: LanderPageKey;
  children?: ReactNode;
}

/**
 * The home lander (`/` and the slug tokens): the niche's headline, sub-line and call to action (docs/product/README.md), new
 * members, benefits.
 */
export function Lander({ source, page = 'home', children }: LanderProps) {
  const { t } = useTranslation(NS);
  const { settings, variant } = useSite();
  const site = settings?.name ?? '';
  return (
    <LanderFrame page={page} source={source}>
      <header className={styles.hero}>
        <p className={styles.site}>{site}</p>
        <h1 className={styles.title} data-testid="lander-title">
          {t(`hero.title.${variant}`)}
        </h1>
        <p className={styles.subtitle}>{t(`hero.sub.${variant}`, { site })}</p>
        <SignupCta source={source} label={t(`cta.niche.${variant}`)} />
      </header>
      {children}
      <ProfileTeasers source={source} />
    </LanderFrame>
  );
}
