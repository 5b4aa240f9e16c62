import type { Profile } from '../contract';

export interface AvatarProps {
  profile: Pick<Profile, 'name' | 'main_image'>;
  /** Pixel size of the square; the image is cropped to a circle. */
  size?: number;
  /** Use the full image instead of the thumbnail (large cards). */
  full?: boolean;
  className?: string;
}

/** A member's main image as a round avatar, or the initial of the name when there is no (approved) image. */
export function Avatar({ profile, size = 48, full = false, className = '' }: AvatarProps) {
  const image = profile.main_image;
  const style = { width: size, height: size };
  if (!image) {
    return (
      <span
        className={`d-inline-flex align-items-center justify-content-center rounded-circle bg-secondary text-white fw-bold flex-shrink-0 ${className}`}
        style={{ ...style, fontSize: Math.round(size / 2.4) }}
        aria-hidden="true"
      >
        {profile.name.slice(0, 1).toUpperCase()}
      </span>
    );
  }
  return (
    <img
      className={`rounded-circle object-fit-cover flex-shrink-0 ${className}`}
      style={style}
      src={full ? image.filename : image.thumb_filename}
      alt={profile.name}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  );
}

export interface ProfilePhotoProps {
  profile: Pick<Profile, 'name' | 'main_image'>;
  /** Shown over the image while it is under inspection ('photo is being checked'), already translated. */
  inspectionLabel?: string;
  className?: string;
}

/** The main image as a rectangular card picture (likes, search results, like modal). */
export function ProfilePhoto({ profile, inspectionLabel, className = '' }: ProfilePhotoProps) {
  const image = profile.main_image;
  return (
    <div className={`position-relative ratio ratio-1x1 bg-light rounded overflow-hidden ${className}`}>
      {image ? (
        <img className="object-fit-cover" src={image.match || image.filename} alt={profile.name} loading="lazy" decoding="async" />
      ) : (
        <span className="d-flex align-items-center justify-content-center display-4 text-secondary" aria-hidden="true">
          {profile.name.slice(0, 1).toUpperCase()}
        </span>
      )}
      {image?.status === 'inspection' && inspectionLabel ? (
        <span className="position-absolute bottom-0 start-0 end-0 top-auto h-auto badge rounded-0 text-bg-dark opacity-75">
          {inspectionLabel}
        </span>
      ) : null}
    </div>
  );
}
