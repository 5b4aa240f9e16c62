import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ProfilePhoto, type Profile } from '@dating/shared';
import { NS } from '../../../lib/i18n';
import styles from './profile-card.module.scss';

interface ProfileCardProps {
  profile: Profile;
  to: string;
  isNew?: boolean;
  onOpen?: () => void;
  /** A control over the photo (the like heart), kept outside the link: a button may not sit inside a link. */
  action?: ReactNode;
  /** Above the fold on a phone: the photo loads at once instead of when laid out (it is the page's largest paint). */
  eager?: boolean;
}

export function ProfileCard({ profile, to, isNew = false, onOpen, action, eager = false }: ProfileCardProps) {
  const { t } = useTranslation(NS);
  const place = [profile.city, profile.region].filter(Boolean).join(', ');
  const card = (
    <Link to={to} className={styles.card} onClick={onOpen}>
      <div className={styles.media}>
        <ProfilePhoto profile={profile} width={300} height={300} eager={eager} />
        {isNew && <span className={styles.badge}>{t('likes.new')}</span>}
      </div>
      <div className={styles.body}>
        <h3 className={styles.name}>
          {profile.name}, <span className={styles.age}>{profile.age}</span>
        </h3>
        {place && <p className={styles.place}>{place}</p>}
      </div>
    </Link>
  );
  if (!action) return card;
  return (
    <div className={styles.host}>
      {card}
      {action}
    </div>
  );
}

export function ProfileCardSkeleton() {
  return (
    <div className={styles.card} aria-hidden="true">
      <div className={`${styles.media} ${styles.skeleton}`} />
      <div className={styles.body}>
        <div className={`${styles.line} ${styles.skeleton}`} />
        <div className={`${styles.lineShort} ${styles.skeleton}`} />
      </div>
    </div>
  );
}
