import { useTranslation } from 'react-i18next';
import { NS } from '../lib/i18n';
import { LanderFrame } from '../features/lander/components/lander-frame';
import { ProfilePhoto } from '../features/lander/components/profile-photo';
import { SignupCta } from '../features/lander/components/signup-cta';
import type { VariantProps } from './variant-props';
import { useFeaturedMember } from './use-featured-member';
import styles from './profile-landers.module.scss';

/** `/members/{id}/landing3/{slug?}`: "it's a match" with the member: two pictures, a heart, say hello. */
export default function ProfileMatch({ source, memberId }: VariantProps) {
  const { t } = useTranslation(NS);
  const { profile, settled } = useFeaturedMember(memberId);
  const name = profile?.name ?? t('profileChat.someone');
  // The text carries the member's name, so its lines (and the pictures and button below) are known only once the
  // member is: they are drawn then, all at once, under the title (no layout shift, CLS).
  return (
    <LanderFrame page="landing3" source={source} closing={settled}>
      <section className={styles.match}>
        <h1 className={styles.matchTitle} data-testid="lander-title">
          {t('profileMatch.title')}
        </h1>
        {settled && (
          <>
            <p>{t('profileMatch.text', { name })}</p>
            <div className={styles.pair}>
              <span className={styles.you}>{t('map.you')}</span>
              <span className={styles.heart} aria-hidden="true">
                ♥
              </span>
              <ProfilePhoto profile={profile} lazy={false} priority className={styles.pairPhoto} />
            </div>
            <SignupCta source={source} label={t('profileMatch.cta', { name })} />
          </>
        )}
      </section>
    </LanderFrame>
  );
}
