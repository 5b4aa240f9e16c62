import sharp from 'sharp';
import type { ObjectStorage } from './storage';
import { IMMUTABLE } from './storage/http';

/**
 * Smaller copies of a public photo for a lander's first paint: 4:5 crops at these widths as WebP,
 * and as AVIF where sharp makes it smaller than the WebP. They sit next to the photo under
 * `<filename without extension>_<width>.<format>`: the photo's public name is random and never reused (approved
 * photos) or fixed with its drawing (seeded portraits), so these keys are immutable too and served as such.
 */
export const VARIANT_WIDTHS = [160, 320, 480] as const;

export interface PhotoVariants {
  webp: number[];
  avif: number[];
}

export interface RenderedVariant {
  width: number;
  webp: Buffer;
  /** null when AVIF was not smaller than the WebP. */
  avif: Buffer | null;
}

const stem = (filename: string) => filename.replace(/\.[a-z0-9]+$/i, '');
/** `photos/abc.jpg`, 320, webp → `photos/abc_320.webp` (relative to `media/`). */
export const variantFile = (filename: string, width: number, format: 'webp' | 'avif') =>
  `${stem(filename)}_${width}.${format}`;

/** `photos/abc_320.webp` → `photos/abc.jpg` (the approved photo it was made of); null for any other name. */
export function variantOwner(file: string): string | null {
  const m = /^(photos\/[0-9a-f]+)_\d+\.(webp|avif)$/.exec(file);
  return m ? `${m[1]}.jpg` : null;
}

/** Encodes the variants of one picture (no storage): widths above the picture's own are left out, the smallest kept. */
export async function renderVariants(source: Buffer): Promise<RenderedVariant[]> {
  const meta = await sharp(source).metadata();
  const own = meta.width ?? VARIANT_WIDTHS[0];
  const widths = VARIANT_WIDTHS.filter((w, index) => index === 0 || w <= own);
  const out: RenderedVariant[] = [];
  for (const width of widths) {
    const crop = () =>
      sharp(source)
        .rotate()
        .resize({ width, height: Math.round((width * 5) / 4), fit: 'cover', position: 'attention' });
    const webp = await crop().webp({ quality: 72 }).toBuffer();
    const avif = await crop().avif({ quality: 50, effort: 2 }).toBuffer();
    out.push({ width, webp, avif: avif.length < webp.length ? avif : null });
  }
  return out;
}

/** Writes rendered variants of `filename` (a `media/`-relative name) to the storage; what exists, for the row. */
export async function storeVariants(
  storage: ObjectStorage,
  filename: string,
  rendered: RenderedVariant[],
): Promise<PhotoVariants> {
  const put = (format: 'webp' | 'avif', width: number, body: Buffer) =>
    storage.put(`media/${variantFile(filename, width, format)}`, body, {
      contentType: `image/${format}`,
      cacheControl: IMMUTABLE,
    });
  await Promise.all(
    rendered.flatMap((v) => [
      put('webp', v.width, v.webp),
      ...(v.avif ? [put('avif', v.width, v.avif)] : []),
    ]),
  );
  return {
    webp: rendered.map((v) => v.width),
    avif: rendered.filter((v) => v.avif).map((v) => v.width),
  };
}

/** The `srcset` values of a public photo's variants (`/media/…_160.webp 160w, …`), or undefined without any. */
export function variantSources(
  filename: string,
  variants: PhotoVariants | null | undefined,
): { webp: string; avif?: string } | undefined {
  if (!variants?.webp?.length || filename.startsWith('private/')) return undefined;
  const srcset = (format: 'webp' | 'avif', widths: number[]) =>
    widths.map((w) => `/media/${variantFile(filename, w, format)} ${w}w`).join(', ');
  return {
    webp: srcset('webp', variants.webp),
    ...(variants.avif.length ? { avif: srcset('avif', variants.avif) } : {}),
  };
}
