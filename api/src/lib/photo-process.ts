// Turning an uploaded photo into the stored full-size and thumbnail JPEGs: shared by the member's photos
// (domains/accounts/photos) and the photos sent in chat (domains/chat/chat-photos.ts).
import sharp from 'sharp';
import { ApiError } from './errors';

/** Decompression-bomb guard: more pixels than this is refused before decoding (ASVS 12.1). */
export const PHOTO_MAX_PIXELS = 40_000_000;
/** Formats accepted by content, whatever the file name or Content-Type says (SVG, GIF, TIFF, PDF… are refused). */
export const PHOTO_FORMATS = ['jpeg', 'png', 'webp'] as const;
const FULL_SIZE = 1600;
const THUMB_SIZE = 320;

export interface ProcessedPhoto {
  full: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

/**
 * Checks the upload by content and re-encodes it: decoded by sharp (a forged header fails here), rotated by its
 * EXIF orientation, scaled down, written as a fresh JPEG. sharp writes no metadata unless asked, so EXIF, GPS,
 * XMP, IPTC and ICC comments of the original are gone.
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  const invalid = () => new ApiError(400, 'photo_invalid', { field: 'photo' }, 'photo');
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: PHOTO_MAX_PIXELS }).metadata();
  } catch {
    throw invalid();
  }
  if (!meta.format || !(PHOTO_FORMATS as readonly string[]).includes(meta.format)) throw invalid();
  if (!meta.width || !meta.height || meta.width * meta.height > PHOTO_MAX_PIXELS) throw invalid();
  if ((meta.pages ?? 1) > 1) throw invalid();
  try {
    const base = () => sharp(input, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error' }).rotate();
    const { data: full, info } = await base()
      .resize({ width: FULL_SIZE, height: FULL_SIZE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    const thumb = await base()
      .resize({ width: THUMB_SIZE, height: THUMB_SIZE, fit: 'cover', position: 'attention' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
    return { full, thumb, width: info.width, height: info.height };
  } catch {
    throw invalid();
  }
}
