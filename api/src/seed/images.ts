import { mkdir, access } from 'node:fs/promises';
import path from 'node:path';

const PALETTES = [
  ['#6a1b9a', '#f06292'],
  ['#283593', '#4fc3f7'],
  ['#00695c', '#aed581'],
  ['#bf360c', '#ffcc80'],
  ['#4a148c', '#ce93d8'],
  ['#1a237e', '#9fa8da'],
  ['#880e4f', '#f8bbd0'],
  ['#004d40', '#80cbc4'],
] as const;

function svg(initials: string, palette: number, female: boolean): string {
  const [a, b] = PALETTES[palette % PALETTES.length]!;
  // A simple silhouette: head and shoulders, longer hair shape for female profiles.
  const hair = female
    ? '<path d="M150 250 Q150 120 240 115 Q330 120 330 250 L330 330 Q300 300 300 260 L180 260 Q180 300 150 330 Z" fill="rgba(0,0,0,0.25)"/>'
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="600" viewBox="0 0 480 600">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="480" height="600" fill="url(#g)"/>
${hair}
<circle cx="240" cy="220" r="85" fill="rgba(255,255,255,0.55)"/>
<path d="M70 600 Q70 360 240 350 Q410 360 410 600 Z" fill="rgba(255,255,255,0.55)"/>
<text x="240" y="560" font-family="DejaVu Sans, Arial, sans-serif" font-size="64" font-weight="bold" fill="#fff" text-anchor="middle">${initials}</text>
</svg>`;
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** Writes `<name>.jpg` (480x600) and `<name>_t.jpg` (160x200) under mediaDir/seed; skips existing files. */
export async function generateProfileImage(
  mediaDir: string,
  name: string,
  opts: { initials: string; palette: number; female: boolean },
): Promise<{ filename: string; thumb: string }> {
  const dir = path.join(mediaDir, 'seed');
  const filename = `seed/${name}.jpg`;
  const thumb = `seed/${name}_t.jpg`;
  if ((await exists(path.join(mediaDir, filename))) && (await exists(path.join(mediaDir, thumb)))) {
    return { filename, thumb };
  }
  const sharp = (await import('sharp')).default;
  await mkdir(dir, { recursive: true });
  const base = sharp(Buffer.from(svg(opts.initials, opts.palette, opts.female)));
  const full = await base.jpeg({ quality: 78, mozjpeg: false }).toBuffer();
  await Promise.all([
    sharp(full).toFile(path.join(mediaDir, filename)),
    sharp(full).resize(160, 200).jpeg({ quality: 75 }).toFile(path.join(mediaDir, thumb)),
  ]);
  return { filename, thumb };
}

/** Runs `fn` over items with at most `limit` in flight. */
export async function pool<T, R>(
  items: T[],
  limit: number,
  fn: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  });
  await Promise.all(workers);
  return out;
}
