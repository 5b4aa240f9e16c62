import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ObjectStorage } from '../lib/storage';
import { IMMUTABLE } from '../lib/storage/http';
import {
  renderVariants,
  storeVariants,
  type PhotoVariants,
  type RenderedVariant,
} from '../lib/image-variants';
import { pool } from './images';
import type { HairColor } from '@dating/shared/contract/index';

/**
 * Demo portraits: illustrated people drawn by DiceBear (avataaars, Pablo Stanley, free for personal and commercial
 * use; personas, Draftbit, CC BY 4.0: credited in the README) on a soft gradient, rendered to WebP by sharp.
 * A few dozen distinct portraits are rendered once into a cache folder shared by every DATA_DIR (tests, bench and
 * `npm start` each seed a fresh one), then put into the storage at `media/seed/` (the local folder or S3): seeding
 * 300 profiles costs a few dozen puts, not 300 renders.
 */

export type PortraitGender = 'female' | 'male';
export type PortraitAge = 'young' | 'mature';
/** The profile's hair colour option that the drawing shows (docs/product/member-model.md options). */
export type PortraitHair = Extract<
  HairColor,
  'black' | 'dark_brown' | 'brown' | 'blond' | 'red' | 'gray' | 'white' | 'bald'
>;

export interface Portrait {
  key: string;
  gender: PortraitGender;
  age: PortraitAge;
  hair: PortraitHair;
  /** URL paths under /media/. */
  filename: string;
  thumb: string;
  /** Its smaller WebP/AVIF copies (lib/image-variants.ts); null when no files were put (`files: false`). */
  variants: PhotoVariants | null;
}

export const PORTRAIT_SIZE = { width: 480, height: 600 } as const;
export const THUMB_SIZE = { width: 320, height: 400 } as const;

/** Bump when the drawing changes: the cache folder name follows it. */
const RENDER_VERSION = 4;

const BACKGROUNDS = [
  ['#fbd3e9', '#bb377d'],
  ['#ffecd2', '#fcb69f'],
  ['#a1c4fd', '#c2e9fb'],
  ['#d4fc79', '#96e6a1'],
  ['#f6d365', '#fda085'],
  ['#e0c3fc', '#8ec5fc'],
  ['#fccb90', '#d57eeb'],
  ['#84fab0', '#8fd3f4'],
  ['#fdfcfb', '#e2d1c3'],
  ['#c1dfc4', '#deecdd'],
] as const;

/** Natural hair colours of the avataaars palette, named by the profile option they stand for. */
const AVATAAARS_HAIR: Record<Exclude<PortraitHair, 'bald'>, string> = {
  black: '2c1b18',
  dark_brown: '4a312c',
  brown: '724133',
  blond: 'd6b370',
  red: 'c93305',
  gray: 'b1b1b1',
  white: 'e8e1e1',
};
const PERSONAS_HAIR: Partial<Record<PortraitHair, string>> = {
  black: '362c47',
  brown: '6c4545',
  red: 'e15c66',
  blond: 'f29c65',
  white: 'dee1f5',
};

const FEMALE_TOPS = [
  'bob',
  'bun',
  'curly',
  'curvy',
  'frida',
  'longButNotTooLong',
  'miaWallace',
  'straight01',
  'straight02',
  'straightAndStrand',
  'bigHair',
  'fro',
];
const MALE_TOPS = [
  'shortFlat',
  'shortRound',
  'shortWaved',
  'shortCurly',
  'theCaesar',
  'theCaesarAndSidePart',
  'sides',
  'shaggy',
  'frizzle',
  'dreads01',
];

interface Spec {
  key: string;
  gender: PortraitGender;
  age: PortraitAge;
  hair: PortraitHair;
  style: 'avataaars' | 'personas';
  background: number;
}

/**
 * The generation each drawing looks like, checked by eye on a contact sheet of the rendered set: a spec's age sets
 * its hair and extras, but a few drawings look older or younger than that (a pale face with light hair, a bald
 * man; grey-free blond "mature" women). The seed picks a member's portrait by this, so the face fits the age shown.
 * Redo the check when RENDER_VERSION or the specs change.
 */
const LOOKS: Readonly<Partial<Record<string, PortraitAge>>> = {
  f6: 'mature',
  m27: 'mature',
  fm2: 'young',
  fm5: 'young',
  fm8: 'young',
  fm11: 'young',
};

/** The age band a portrait looks like: its spec's unless the eye check above said otherwise. */
export function apparentAge(spec: { key: string; age: PortraitAge }): PortraitAge {
  return LOOKS[spec.key] ?? spec.age;
}

/** The set of portraits: varied hair, faces, skin tones and backgrounds; mature ones with grey or white hair. */
export function portraitSpecs(): Spec[] {
  const specs: Spec[] = [];
  const youngHair: PortraitHair[] = [
    'black',
    'dark_brown',
    'brown',
    'blond',
    'red',
    'brown',
    'blond',
    'dark_brown',
  ];
  for (let i = 0; i < 34; i++) {
    specs.push({
      key: `f${i}`,
      gender: 'female',
      age: 'young',
      hair: youngHair[i % youngHair.length]!,
      style: i % 7 === 6 ? 'personas' : 'avataaars',
      background: i % BACKGROUNDS.length,
    });
  }
  for (let i = 0; i < 12; i++) {
    specs.push({
      key: `fm${i}`,
      gender: 'female',
      age: 'mature',
      hair: i % 3 === 0 ? 'white' : i % 3 === 1 ? 'gray' : 'blond',
      style: 'avataaars',
      background: (i + 3) % BACKGROUNDS.length,
    });
  }
  for (let i = 0; i < 30; i++) {
    specs.push({
      key: `m${i}`,
      gender: 'male',
      age: 'young',
      hair: youngHair[(i + 3) % youngHair.length]!,
      style: i % 6 === 5 ? 'personas' : 'avataaars',
      background: (i + 5) % BACKGROUNDS.length,
    });
  }
  for (let i = 0; i < 10; i++) {
    specs.push({
      key: `mm${i}`,
      gender: 'male',
      age: 'mature',
      hair: i % 2 === 0 ? 'gray' : 'white',
      style: 'avataaars',
      background: (i + 1) % BACKGROUNDS.length,
    });
  }
  return specs;
}

async function drawAvatar(spec: Spec): Promise<string> {
  const { createAvatar } = await import('@dicebear/core');
  const { avataaars, personas } = await import('@dicebear/collection');
  const seed = `dating-demo-${spec.key}`;
  const female = spec.gender === 'female';
  if (spec.style === 'personas') {
    const hairColor = PERSONAS_HAIR[spec.hair] ?? '6c4545';
    return createAvatar(personas, {
      seed,
      hair: female
        ? ['long', 'bobCut', 'curly', 'curlyBun', 'bobBangs', 'straightBun', 'extraLong']
        : ['shortCombover', 'curlyHighTop', 'buzzcut', 'fade', 'shortComboverChops'],
      hairColor: [hairColor],
      facialHairProbability: female ? 0 : 40,
      mouth: ['smile', 'bigSmile', 'smirk'],
      eyes: ['open', 'happy', 'glasses'],
      backgroundColor: ['transparent'],
    }).toString();
  }
  const hairColor = spec.hair === 'bald' ? AVATAAARS_HAIR.brown : AVATAAARS_HAIR[spec.hair];
  return createAvatar(avataaars, {
    seed,
    top: (female ? FEMALE_TOPS : MALE_TOPS) as never,
    // Human skin tones only (the style also has yellow and orange).
    skinColor: ['614335', 'd08b5b', 'ae5d29', 'edb98a', 'ffdbb4'],
    topProbability: 100,
    hairColor: [hairColor],
    facialHairColor: [hairColor],
    facialHairProbability: female ? 0 : spec.age === 'mature' ? 60 : 35,
    mouth: ['smile', 'default', 'twinkle'],
    eyes: ['default', 'happy', 'wink', 'side', 'squint'],
    eyebrows: ['default', 'defaultNatural', 'raisedExcitedNatural', 'flatNatural'],
    accessoriesProbability: spec.age === 'mature' ? 45 : 15,
    accessories: ['prescription01', 'prescription02', 'round', 'wayfarers'],
    clothing: [
      'blazerAndShirt',
      'blazerAndSweater',
      'collarAndSweater',
      'shirtCrewNeck',
      'shirtScoopNeck',
      'shirtVNeck',
      'hoodie',
    ],
    backgroundColor: ['transparent'],
  }).toString();
}

async function render(spec: Spec, dir: string) {
  const sharp = (await import('sharp')).default;
  const [from, to] = BACKGROUNDS[spec.background]!;
  const { width, height } = PORTRAIT_SIZE;
  const background = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="0.6" y2="1">` +
      `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
      `<rect width="${width}" height="${height}" fill="url(#g)"/><circle cx="400" cy="90" r="140" fill="#fff" opacity=".18"/></svg>`,
  );
  const person = await sharp(Buffer.from(await drawAvatar(spec)), { density: 220 })
    .resize(460, 460)
    .png()
    .toBuffer();
  const full = await sharp(background)
    .composite([{ input: person, top: height - 460, left: 10 }])
    .webp({ quality: 80 })
    .toBuffer();
  const thumb = await sharp(full)
    .resize(THUMB_SIZE.width, THUMB_SIZE.height)
    .webp({ quality: 78 })
    .toBuffer();
  // Written under temp names and renamed: a half-written cache file is never mistaken for a finished one.
  const tmp = `.${process.pid}`;
  await writeFile(path.join(dir, `${spec.key}.webp${tmp}`), full);
  await writeFile(path.join(dir, `${spec.key}_t.webp${tmp}`), thumb);
  await rename(path.join(dir, `${spec.key}.webp${tmp}`), path.join(dir, `${spec.key}.webp`));
  await rename(path.join(dir, `${spec.key}_t.webp${tmp}`), path.join(dir, `${spec.key}_t.webp`));
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

export function portraitCacheDir(): string {
  const id = createHash('sha256')
    .update(JSON.stringify({ RENDER_VERSION, specs: portraitSpecs() }))
    .digest('hex')
    .slice(0, 10);
  return path.join(process.env.PORTRAIT_CACHE_DIR ?? path.join(os.tmpdir(), 'dating-portraits'), id);
}

/**
 * A portrait's smaller copies, rendered once into the cache folder beside it (the list last, as
 * the sign they are complete) and put into the storage next to the portrait.
 */
async function portraitVariants(
  storage: ObjectStorage,
  cache: string,
  key: string,
  picture: Buffer,
): Promise<PhotoVariants> {
  const list = path.join(cache, `${key}_variants.json`);
  const file = (width: number, format: 'webp' | 'avif') => path.join(cache, `${key}_${width}.${format}`);
  let rendered: RenderedVariant[];
  if (await exists(list)) {
    const made = JSON.parse(await readFile(list, 'utf8')) as PhotoVariants;
    rendered = await Promise.all(
      made.webp.map(async (width) => ({
        width,
        webp: await readFile(file(width, 'webp')),
        avif: made.avif.includes(width) ? await readFile(file(width, 'avif')) : null,
      })),
    );
  } else {
    rendered = await renderVariants(picture);
    for (const v of rendered) {
      await writeFile(file(v.width, 'webp'), v.webp);
      if (v.avif) await writeFile(file(v.width, 'avif'), v.avif);
    }
    const made: PhotoVariants = {
      webp: rendered.map((v) => v.width),
      avif: rendered.filter((v) => v.avif).map((v) => v.width),
    };
    await writeFile(`${list}.tmp`, JSON.stringify(made));
    await rename(`${list}.tmp`, list);
  }
  return storeVariants(storage, `seed/${key}.webp`, rendered);
}

/**
 * Every portrait in the storage at `media/seed/` (rendered into the cache first when missing there). With
 * `files: false` only the list is returned (tests that need rows, not pictures).
 */
export async function preparePortraits(storage: ObjectStorage, { files = true } = {}): Promise<Portrait[]> {
  const specs = portraitSpecs();
  const portraits = specs.map(({ key, gender, age, hair }) => ({
    key,
    gender,
    age: apparentAge({ key, age }),
    hair,
    filename: `seed/${key}.webp`,
    thumb: `seed/${key}_t.webp`,
    variants: null as PhotoVariants | null,
  }));
  if (!files) return portraits;
  const cache = portraitCacheDir();
  await mkdir(cache, { recursive: true });
  const webp = { contentType: 'image/webp', cacheControl: IMMUTABLE };
  await pool(specs, 2, async (spec) => {
    const full = path.join(cache, `${spec.key}.webp`);
    if (!(await exists(full)) || !(await exists(path.join(cache, `${spec.key}_t.webp`))))
      await render(spec, cache);
    const picture = await readFile(full);
    await storage.put(`media/seed/${spec.key}.webp`, picture, webp);
    const variants = await portraitVariants(storage, cache, spec.key, picture);
    portraits.find((p) => p.key === spec.key)!.variants = variants;
    await storage.put(
      `media/seed/${spec.key}_t.webp`,
      await readFile(path.join(cache, `${spec.key}_t.webp`)),
      webp,
    );
  });
  return portraits;
}
