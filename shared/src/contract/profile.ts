// The option lists of the profile; the shapes are the TypeBox schemas of `schemas/profile.ts` (one source, types
// re-exported here with `export type` so that no browser bundle gains the schema builder).
export type { Gender, Profile, ProfileImage, ProfileStatus, Sexuality } from './schemas/profile';

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
