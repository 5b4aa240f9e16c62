// The profile area's plain values (no TypeBox: browser code runs them, the contract index carries them). The
// calls' schemas and types are `contract/profile.ts`, which re-exports these.

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];
export const SEXUALITIES = ['hetero', 'gay', 'lesbian', 'bi'] as const;
export type Sexuality = (typeof SEXUALITIES)[number];

export const HAIR_COLORS = [
  'brunette',
  'blond',
  'brown',
  'white',
  'bald',
  'black',
  'dark_blond',
  'dark_brown',
  'gray',
  'red',
  'other',
] as const;
export const BODY_TYPES = ['slim', 'normal', 'fat'] as const;
export const EYE_COLORS = ['blue', 'green', 'hazel', 'brown', 'gray', 'other'] as const;
export const RELATIONSHIP_STATUSES = [
  'divorced',
  'living_together',
  'married',
  'unmarried',
  'single',
  'widowed',
] as const;
export const INTERESTS = [
  'adventure',
  'analsex',
  'animals',
  'art',
  'astrology',
  'bbq',
  'beach',
  'beer',
  'biking',
  'bondage',
  'coffee',
  'cooking',
  'dancing',
  'exchangingpictures',
  'fashion',
  'foodie',
  'gardening',
  'gym',
  'hiking',
  'hugging',
  'kissing',
  'lingerie',
  'massages',
  'masturbating',
  'movies',
  'music',
  'onenightstand',
  'oralsex',
  'outdoors',
  'party',
  'photography',
  'politics',
  'publicsex',
  'reading',
  'relationship',
  'sadomasochism',
  'safesex',
  'sex',
  'sextoys',
  'shopping',
  'sports',
  'sushi',
  'tattoos',
  'tea',
  'theater',
  'threesome',
  'travelling',
  'vegetarian',
  'videogames',
  'wine',
] as const;
export type HairColor = (typeof HAIR_COLORS)[number];
export type BodyType = (typeof BODY_TYPES)[number];
export type EyeColor = (typeof EYE_COLORS)[number];
export type RelationshipStatus = (typeof RELATIONSHIP_STATUSES)[number];
export type Interest = (typeof INTERESTS)[number];
