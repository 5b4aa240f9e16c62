import type { ProfileImage } from '../contract';

/**
 * What a member photo shows, the one rule of every app (docs/product/member-model.md, "Photos"):
 * - an approved photo (`active`): the photo, to everyone; its public `/media/` address goes through the site's
 *   `cdn_prefix` when it has one (ADR 0024, addendum);
 * - a photo under inspection: its owner sees it with the "photo is being checked" marker, everyone else the
 *   placeholder (the server does not even send it to others; this is the second line);
 * - a rejected photo, an unknown status or no photo: the placeholder, to everyone.
 * A photo that is not approved is private (`/api/photo.php`, owner only) and never addressed through the CDN.
 */
export type PhotoView =
  { kind: 'photo'; src: string } | { kind: 'pending'; src: string } | { kind: 'placeholder' };

/** Which of the image's addresses: the thumbnail (lists, avatars), the full image, or the match card image. */
export type PhotoSize = 'thumb' | 'full' | 'match';

/** A photo as the rule reads it: the contract's `ProfileImage`; `status` read as any string (a rejected one, a future one). */
export type PhotoLike = Pick<ProfileImage, 'filename' | 'thumb_filename'> & {
  match?: string;
  status: ProfileImage['status'] | (string & {});
};

/** The site's `cdn_prefix` as an absolute http(s) URL without trailing slash, or '' (none, or not such a URL). */
export function normalizeCdnPrefix(prefix: string | null | undefined): string {
  const value = prefix?.trim().replace(/\/+$/, '') ?? '';
  if (!value) return '';
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? value : '';
  } catch {
    return '';
  }
}

/** Public photo addresses (approved photos, seeded portraits) are `/media/…`; only those may go through a CDN. */
export function publicPhotoUrl(url: string, cdnPrefix: string): string {
  const prefix = normalizeCdnPrefix(cdnPrefix);
  return prefix && url.startsWith('/media/') ? prefix + url : url;
}

/** A `srcset` of public copies (`/media/a_160.webp 160w, /media/a_320.webp 320w`) through the CDN as well. */
export function publicSrcSet(srcSet: string, cdnPrefix: string): string {
  return normalizeCdnPrefix(cdnPrefix)
    ? srcSet.replace(
        /(^|, )(\/media\/)/g,
        (_, sep: string, path: string) => sep + publicPhotoUrl(path, cdnPrefix),
      )
    : srcSet;
}

function urlOf(image: PhotoLike, size: PhotoSize): string {
  if (size === 'full') return image.filename;
  if (size === 'match') return image.match || image.filename;
  return image.thumb_filename;
}

export function photoView(
  image: PhotoLike | null | undefined,
  { owner, size = 'thumb', cdnPrefix = '' }: { owner: boolean; size?: PhotoSize; cdnPrefix?: string },
): PhotoView {
  if (!image) return { kind: 'placeholder' };
  if (image.status === 'active') return { kind: 'photo', src: publicPhotoUrl(urlOf(image, size), cdnPrefix) };
  if (image.status === 'inspection' && owner) return { kind: 'pending', src: urlOf(image, size) };
  return { kind: 'placeholder' };
}
