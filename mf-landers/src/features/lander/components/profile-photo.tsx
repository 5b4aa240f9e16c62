import type { PreviewProfile } from '../hooks/use-lander-profiles';
import styles from './profile-photo.module.scss';

interface ProfilePhotoProps {
  profile: PreviewProfile | null;
  /** `thumb` (160×200 / 320) for tiles, `full` (480×600) for big pictures. */
  size?: 'thumb' | 'full';
  /** Below the fold: the browser fetches it when it scrolls near. */
  lazy?: boolean;
  className?: string;
}

/**
 * A member's photo in a box of fixed proportions (4:5), so nothing moves when it arrives (no layout shift);
 * width and height are always set. Without a photo, a soft gradient silhouette of the same size.
 */
export function ProfilePhoto({ profile, size = 'thumb', lazy = true, className = '' }: ProfilePhotoProps) {
  const image = profile?.main_image?.status === 'active' ? profile.main_image : null;
  const [width, height] = size === 'full' ? [480, 600] : [160, 200];
  return (
    <span className={`${styles.photo} ${className}`}>
      {image ? (
        <img
          src={size === 'full' ? image.filename : image.thumb_filename}
          alt=""
          width={width}
          height={height}
          loading={lazy ? 'lazy' : 'eager'}
          decoding="async"
          draggable={false}
        />
      ) : (
        <span className={styles.blank} aria-hidden="true" />
      )}
    </span>
  );
}
