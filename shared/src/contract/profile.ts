export type Gender = 'male' | 'female';
export type Sexuality = 'hetero' | 'gay' | 'lesbian' | 'bi';
export type ProfileStatus = 'active' | 'disabled' | 'inspection';

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

export interface ProfileImage {
  id: number;
  /** URL path of the full image. */
  filename: string;
  /** URL path of the thumbnail. */
  thumb_filename: string;
  /** Match path: URL of the image as shown in match/like cards. */
  match: string;
  status: 'active' | 'inspection';
  /**
   * `srcset` values of smaller 4:5 copies (`/media/…_320.webp 320w, …`), WebP and AVIF where it is smaller; absent
   * for photos made before them (then `filename` / `thumb_filename` are the pictures). Issue 26 item 4.
   */
  sources?: { webp: string; avif?: string };
}

export interface Profile {
  id: number;
  name: string;
  age: number;
  gender: Gender;
  sexuality: Sexuality;
  date_of_birth: string | null;
  country: string;
  region: string | null;
  city: string | null;
  reason: string | null;
  hair_color: HairColor | null;
  eye_color: EyeColor | null;
  body_type: BodyType | null;
  relationship_status: RelationshipStatus | null;
  tattoos: boolean | null;
  interests: Interest[];
  main_image: ProfileImage | null;
  /** Other photos; for visitors and free members only the first ones (docs/product/README.md). */
  images?: ProfileImage[];
  /** Total number of photos, so a client can show "n more for premium". */
  num_images?: number;
  status: ProfileStatus;
  fictional: boolean;
  about?: string | null;
}
