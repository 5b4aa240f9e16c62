import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Avatar, type Profile } from '@dating/shared';
import { NS } from '../../../lib/i18n';
import styles from './conversation-header.module.scss';

/** The partner's name and photo (to the profile) and, for members, the conversation's menu at the far end. */
export function ConversationHeader({ profile, menu }: { profile: Profile; menu?: ReactNode }) {
  const { t } = useTranslation(NS);
  const place = profile.city ?? profile.region;
  return (
    <header className={styles.header}>
      <Link to="/chats" className={styles.back} aria-label={t('conversation.back')}>
        <span aria-hidden="true">‹</span>
      </Link>
      <Link to={`/members/${profile.id}`} className={styles.profile}>
        <Avatar profile={profile} size={40} />
        <div className={styles.text}>
          {/* The page's heading: whom the conversation is with. */}
          <h1 className={styles.name}>
            {profile.name}, {profile.age}
          </h1>
          {place && <span className={styles.place}>{place}</span>}
        </div>
      </Link>
      {menu && <div className={styles.menu}>{menu}</div>}
    </header>
  );
}
