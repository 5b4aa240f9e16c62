/** Fictional demo content shared by the seed (names and profile texts per language: people.ts). */
/** Countries of docs/product/constants.md, weighted towards the Benelux and Germany. */
export const COUNTRY_WEIGHTS = [
  ['NL', 40],
  ['BE', 14],
  ['DE', 18],
  ['AT', 3],
  ['CH', 3],
  ['GB', 4],
  ['IE', 1],
  ['FR', 3],
  ['IT', 2],
  ['ES', 2],
  ['PL', 2],
  ['DK', 1],
  ['SE', 1],
  ['NO', 1],
  ['FI', 1],
  ['US', 2],
  ['CA', 1],
  ['AU', 1],
  ['NZ', 0.5],
] as const;

export const SPEC_COUNTRIES = COUNTRY_WEIGHTS.map(([c]) => c);

export const DEMO_MESSAGES = [
  'Hoi! Leuk profiel heb je 😊',
  'Hey, hoe gaat het met je?',
  'Zin om vanavond even te chatten?',
  'Dankjewel! Met mij gaat het goed, en met jou?',
  'Ik zag dat je ook van reizen houdt, waar ben je het laatst geweest?',
] as const;
