import type { Locale } from '@dating/shared/contract/index';

/** One gift: its names in every locale and the drawing of its image (inside a 96×96 SVG). */
interface GiftDefinition {
  slug: string;
  names: Record<Locale, string>;
  colors: [string, string];
  drawing: string;
}

const HEART = 'M48 78 C20 58 14 44 14 34 A17 17 0 0 1 48 26 A17 17 0 0 1 82 34 C82 44 76 58 48 78Z';

/**
 * The gift catalogue, upserted on every start (`gifts.ensureCatalogue`): the images are drawn here as SVG, so no
 * file, licence or font is involved, and every node serves the same bytes.
 */
export const GIFT_CATALOGUE: GiftDefinition[] = [
  {
    slug: 'heart',
    names: {
      da: 'Hjerte',
      de: 'Herz',
      en: 'Heart',
      es: 'Corazón',
      fi: 'Sydän',
      fr: 'Cœur',
      it: 'Cuore',
      nb: 'Hjerte',
      nl: 'Hartje',
      pl: 'Serce',
      sv: 'Hjärta',
    },
    colors: ['#ffd6e0', '#ff8fab'],
    drawing: `<path d="${HEART}" fill="#d9363e"/>`,
  },
  {
    slug: 'rose',
    names: {
      da: 'Rose',
      de: 'Rose',
      en: 'Rose',
      es: 'Rosa',
      fi: 'Ruusu',
      fr: 'Rose',
      it: 'Rosa',
      nb: 'Rose',
      nl: 'Roos',
      pl: 'Róża',
      sv: 'Ros',
    },
    colors: ['#e9f7ef', '#b7e4c7'],
    drawing:
      '<path d="M48 50 L48 86" stroke="#2e9e5b" stroke-width="5"/><path d="M48 70 q14 -10 20 -4 q-10 10 -20 4Z" fill="#2e9e5b"/>' +
      '<circle cx="48" cy="34" r="18" fill="#c9184a"/><path d="M38 32 q10 -14 20 0 q-10 10 -20 0Z" fill="#ff4d6d"/>',
  },
  {
    slug: 'kiss',
    names: {
      da: 'Kys',
      de: 'Kuss',
      en: 'Kiss',
      es: 'Beso',
      fi: 'Suukko',
      fr: 'Bisou',
      it: 'Bacio',
      nb: 'Kyss',
      nl: 'Kus',
      pl: 'Buziak',
      sv: 'Puss',
    },
    colors: ['#fff0f3', '#ffccd5'],
    drawing:
      '<path d="M16 48 Q32 28 48 40 Q64 28 80 48 Q64 70 48 70 Q32 70 16 48Z" fill="#c9184a"/>' +
      '<path d="M18 48 Q48 56 78 48" stroke="#800f2f" stroke-width="3" fill="none"/>',
  },
  {
    slug: 'star',
    names: {
      da: 'Stjerne',
      de: 'Stern',
      en: 'Star',
      es: 'Estrella',
      fi: 'Tähti',
      fr: 'Étoile',
      it: 'Stella',
      nb: 'Stjerne',
      nl: 'Ster',
      pl: 'Gwiazda',
      sv: 'Stjärna',
    },
    colors: ['#fff3c4', '#ffd166'],
    drawing: '<polygon points="48,12 58,38 86,38 63,55 72,82 48,66 24,82 33,55 10,38 38,38" fill="#f2a900"/>',
  },
  {
    slug: 'champagne',
    names: {
      da: 'Champagne',
      de: 'Champagner',
      en: 'Champagne',
      es: 'Champán',
      fi: 'Samppanja',
      fr: 'Champagne',
      it: 'Champagne',
      nb: 'Champagne',
      nl: 'Champagne',
      pl: 'Szampan',
      sv: 'Champagne',
    },
    colors: ['#f1e9ff', '#cdb4f6'],
    drawing:
      '<path d="M32 14 L44 14 L42 44 Q38 52 32 52 Q26 52 22 44 Z" fill="#f2d16b"/><path d="M32 52 L32 80 M24 82 L40 82" stroke="#6f6478" stroke-width="3"/>' +
      '<path d="M64 14 L76 14 L74 44 Q70 52 64 52 Q58 52 54 44 Z" fill="#f2d16b"/><path d="M64 52 L64 80 M56 82 L72 82" stroke="#6f6478" stroke-width="3"/>' +
      '<circle cx="48" cy="10" r="3" fill="#f2a900"/><circle cx="54" cy="20" r="2" fill="#f2a900"/>',
  },
  {
    slug: 'teddy',
    names: {
      da: 'Bamse',
      de: 'Teddybär',
      en: 'Teddy bear',
      es: 'Osito de peluche',
      fi: 'Nallekarhu',
      fr: 'Ours en peluche',
      it: 'Orsacchiotto',
      nb: 'Kosebamse',
      nl: 'Knuffelbeer',
      pl: 'Miś',
      sv: 'Nallebjörn',
    },
    colors: ['#fdf0e0', '#f4c99b'],
    drawing:
      '<circle cx="28" cy="26" r="10" fill="#9c6644"/><circle cx="68" cy="26" r="10" fill="#9c6644"/><circle cx="48" cy="44" r="24" fill="#b08968"/>' +
      '<ellipse cx="48" cy="54" rx="10" ry="8" fill="#ede0d4"/><circle cx="40" cy="40" r="3" fill="#24112f"/><circle cx="56" cy="40" r="3" fill="#24112f"/>' +
      '<circle cx="48" cy="51" r="3" fill="#24112f"/><ellipse cx="48" cy="82" rx="22" ry="10" fill="#9c6644"/>',
  },
  {
    slug: 'diamond',
    names: {
      da: 'Diamant',
      de: 'Diamant',
      en: 'Diamond',
      es: 'Diamante',
      fi: 'Timantti',
      fr: 'Diamant',
      it: 'Diamante',
      nb: 'Diamant',
      nl: 'Diamant',
      pl: 'Diament',
      sv: 'Diamant',
    },
    colors: ['#e0fbfc', '#98dfea'],
    drawing:
      '<polygon points="26,24 70,24 84,40 48,80 12,40" fill="#1aa3a3"/><polygon points="26,24 40,40 56,40 70,24" fill="#7ad3d3"/>' +
      '<polygon points="12,40 84,40 48,80" fill="#138a8a" opacity="0.6"/>',
  },
  {
    slug: 'chocolates',
    names: {
      da: 'Chokolade',
      de: 'Pralinen',
      en: 'Chocolates',
      es: 'Bombones',
      fi: 'Suklaakonvehdit',
      fr: 'Chocolats',
      it: 'Cioccolatini',
      nb: 'Sjokolade',
      nl: 'Bonbons',
      pl: 'Czekoladki',
      sv: 'Chokladpraliner',
    },
    colors: ['#f8edeb', '#e8c8b8'],
    drawing:
      `<path d="${HEART}" fill="#9b5fc0"/><circle cx="36" cy="40" r="7" fill="#5e3023"/><circle cx="60" cy="40" r="7" fill="#5e3023"/>` +
      '<circle cx="48" cy="56" r="7" fill="#5e3023"/>',
  },
];

/** The image of a gift: a round badge in its colours with the drawing on top. */
export function giftSvg(gift: GiftDefinition): string {
  const [from, to] = gift.colors;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96">' +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/>` +
    `<stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<circle cx="48" cy="48" r="47" fill="url(#g)"/>${gift.drawing}</svg>`
  );
}
