import type { Profile } from '@dating/shared';
import styles from './avatar.module.scss';

export function Avatar({ profile, size = 48 }: { profile: Pick<Profile, 'name' | 'main_image'>; size?: 40 | 48 }) {
  const image = profile.main_image;
  if (image && image.status === 'active') {
    return (
      <img
        className={styles.avatar}
        src={image.thumb_filename}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
      />
    );
  }
  return (
    <span className={`${styles.avatar} ${styles.initial} ${size === 40 ? styles.size40 : styles.size48}`} aria-hidden="true">
      {profile.name.slice(0, 1).toUpperCase()}
    </span>
  );
}
