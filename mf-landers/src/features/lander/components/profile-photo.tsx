import { publicPhotoUrl, publicSrcSet, useGetSettingsQuery } from '@dating/shared';
import type { PreviewProfile } from '../hooks/use-lander-profiles';
import styles from './profile-photo.module.scss';

interface ProfilePhotoProps {
  profile: PreviewProfile | null;
  /** `thumb` (160×200 / 320) for tiles, `full` (480×600) for big pictures. */
  size?: 'thumb' | 'full';
  /** Below the fold: the browser fetches it when it scrolls near. */
  lazy?: boolean;
  /** One of the first pictures above the fold (the LCP candidates): fetched first (`fetchpriority="high"`). */
  priority?: boolean;
  className?: string;
}

/** How wide the picture is drawn, for the browser to pick from the `srcset` (tiles: 3 a row on a phone, 6 wider). */
const SIZES = {
  thumb: '(min-width: 768px) 160px, 34vw',
  full: '(min-width: 576px) 480px, 100vw',
} as const;

/**
 * A member's photo in a box of fixed proportions (4:5), so nothing moves when it arrives (no layout shift);
 * width and height are always set. With the photo's smaller copies (`main_image.sources`) the
 * browser picks a WebP (or AVIF) of the drawn width; without them (older photos) the original. Without a photo,
 * a soft gradient silhouette of the same size. Only approved photos are shown here, so every address goes through
 * the site's `cdn_prefix` when it has one (the shared photo rule, ADR 0024 addendum), the copies too.
 */
export function ProfilePhoto({
  profile,
  size = 'thumb',
  lazy = true,
  priority = false,
  className = '',
}: ProfilePhotoProps) {
  const image = profile?.main_image?.status === 'active' ? profile.main_image : null;
  const [width, height] = size === 'full' ? [480, 600] : [160, 200];
  const cdn = useGetSettingsQuery().data?.cdn_prefix ?? '';
  const sources = image?.sources;
  const img = image ? (
    <img
      src={publicPhotoUrl(size === 'full' ? image.filename : image.thumb_filename, cdn)}
      {...(sources ? { srcSet: publicSrcSet(sources.webp, cdn), sizes: SIZES[size] } : {})}
      alt=""
      width={width}
      height={height}
      loading={lazy && !priority ? 'lazy' : 'eager'}
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      decoding={priority ? 'sync' : 'async'}
      draggable={false}
    />
  ) : null;
  return (
    <span className={`${styles.photo} ${className}`}>
      {img && sources?.avif ? (
        <picture>
          <source type="image/avif" srcSet={publicSrcSet(sources.avif, cdn)} sizes={SIZES[size]} />
          {img}
        </picture>
      ) : (
        (img ?? <span className={styles.blank} aria-hidden="true" />)
      )}
    </span>
  );
}
