import { useTranslation } from 'react-i18next';
import type { Profile } from '../contract';
import { coreApi } from '../api/core-endpoints';
import { registerNamespace } from '../i18n/i18n';
import { useAppSelector } from '../store/make-store';
import { photoView, type PhotoLike, type PhotoSize, type PhotoView } from './photo-rule';

/**
 * The photos' i18next namespace (`shared/src/locales/photos`, all 11 locales: alt text, "no photo of …", "photo is
 * being checked"), fetched when the first photo renders. The components do not suspend for it: until it is there
 * the alt text is the member's name and the marker waits.
 */
export const PHOTOS_NS = 'photos';
// One chunk for the 11 small files (`lazy-once`): every remote's runtime lists the chunks of its copy of shared, and
// 11 named chunks made each remote entry about 170 bytes (gzip) larger.
registerNamespace(
  PHOTOS_NS,
  (locale) =>
    import(
      /* webpackChunkName: "locale-photos", webpackMode: "lazy-once" */ `../locales/photos/${locale}.json`
    ),
);

const selectSettings = coreApi.endpoints.getSettings.select();
const selectUser = coreApi.endpoints.getUser.select();

/** A profile as the photo components read it; with `id`, whether it is the member's own is found from user.php. */
export type PhotoProfile = Pick<Profile, 'name' | 'main_image'> & { id?: number };

/**
 * The rule of `photo-rule.ts` applied with the store: the site's `cdn_prefix` (settings.php) and whether the photo is
 * the member's own (`owner` when the caller knows, else the profile's id against user.php's).
 */
export function usePhotoView(
  profile: PhotoProfile,
  image: PhotoLike | null | undefined,
  { owner, size }: { owner?: boolean; size?: PhotoSize },
): PhotoView {
  const cdnPrefix = useAppSelector((state) => selectSettings(state).data?.cdn_prefix ?? '');
  const myId = useAppSelector((state) => {
    const user = selectUser(state).data?.user;
    return user ? user.profile.id : null;
  });
  const isOwner = owner ?? (profile.id !== undefined && myId === profile.id);
  return photoView(image, { owner: isOwner, size, cdnPrefix });
}

function usePhotoTexts(name: string) {
  const { t, ready } = useTranslation(PHOTOS_NS, { useSuspense: false });
  return {
    alt: ready ? t('alt', { name }) : name,
    none: ready ? t('none', { name }) : name,
    checking: ready ? t('checking') : null,
  };
}

const initialOf = (name: string) => name.slice(0, 1).toUpperCase();

export interface ProfilePhotoProps {
  profile: PhotoProfile;
  /** One photo of this profile (a gallery); the main image by default. */
  image?: PhotoLike | null;
  /** Whether the viewer owns the photo; found from user.php and `profile.id` when not given. */
  owner?: boolean;
  size?: PhotoSize;
  /** Intrinsic size, so the browser reserves the space (no layout shift); the picture fills its box. */
  width?: number;
  height?: number;
  eager?: boolean;
  /** In a square box with rounded corners (modals); otherwise it fills the box the caller gives it. */
  square?: boolean;
  /** Alt text instead of "Photo of {name}" (a list of the member's own photos). */
  alt?: string;
  className?: string;
}

/**
 * A member's photo filling its box: the approved photo, the owner's own photo under inspection with the translated
 * "photo is being checked" marker, or a placeholder with the initial (no photo, or one others may not see).
 */
export function ProfilePhoto({
  profile,
  image = profile.main_image,
  owner,
  size = 'thumb',
  width,
  height,
  eager = false,
  square = false,
  alt,
  className = '',
}: ProfilePhotoProps) {
  const view = usePhotoView(profile, image, { owner, size });
  const texts = usePhotoTexts(profile.name);
  const img = (src: string) => (
    <img
      className="d-block w-100 h-100 object-fit-cover"
      src={src}
      alt={alt ?? texts.alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
  const content =
    view.kind === 'placeholder' ? (
      <span
        className="d-flex w-100 h-100 align-items-center justify-content-center bg-secondary-subtle text-secondary fw-bold fs-1"
        role="img"
        aria-label={texts.none}
      >
        <span aria-hidden="true">{initialOf(profile.name)}</span>
      </span>
    ) : view.kind === 'pending' ? (
      <span className="position-relative d-block w-100 h-100" data-photo="pending">
        {img(view.src)}
        {texts.checking ? (
          <span className="position-absolute bottom-0 start-0 end-0 badge rounded-0 text-bg-warning text-wrap">
            {texts.checking}
          </span>
        ) : null}
      </span>
    ) : (
      img(view.src)
    );
  if (square) {
    return (
      <span className={`d-block ratio ratio-1x1 bg-light rounded overflow-hidden ${className}`}>
        {content}
      </span>
    );
  }
  // A span, not a div: the photo sits in links and buttons (phrasing content).
  return className ? <span className={`d-block ${className}`}>{content}</span> : content;
}

export interface AvatarProps {
  profile: PhotoProfile;
  /** Pixel size of the square; the image is cropped to a circle. */
  size?: number;
  owner?: boolean;
  /** The full image instead of the thumbnail (large avatars). */
  full?: boolean;
  className?: string;
}

/**
 * A member's photo as a round avatar beside their name (so its alt text is empty), the owner's own photo under
 * inspection with a marker dot named "photo is being checked", or the initial on a circle. Sizes are attributes,
 * not style attributes: the site's CSP allows none in server-rendered markup.
 */
export function Avatar({ profile, size = 48, owner, full = false, className = '' }: AvatarProps) {
  const view = usePhotoView(profile, profile.main_image, { owner, size: full ? 'full' : 'thumb' });
  const texts = usePhotoTexts(profile.name);
  if (view.kind === 'placeholder') {
    return (
      <svg
        className={`flex-shrink-0 text-secondary ${className}`}
        width={size}
        height={size}
        viewBox="0 0 100 100"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="50" cy="50" r="50" fill="currentColor" />
        <text x="50" y="50" dy="0.35em" textAnchor="middle" fill="#fff" fontSize="44" fontWeight="700">
          {initialOf(profile.name)}
        </text>
      </svg>
    );
  }
  const img = (
    <img
      className={`rounded-circle object-fit-cover flex-shrink-0 ${view.kind === 'photo' ? className : ''}`}
      src={view.src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  );
  if (view.kind === 'photo') return img;
  return (
    <span className={`position-relative d-inline-flex flex-shrink-0 ${className}`} data-photo="pending">
      {img}
      {texts.checking ? (
        <span
          className="position-absolute top-0 start-100 translate-middle p-1 bg-warning border border-light rounded-circle"
          title={texts.checking}
        >
          <span className="visually-hidden">{texts.checking}</span>
        </span>
      ) : null}
    </span>
  );
}
