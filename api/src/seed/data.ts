/** Fictional demo content: invented first names and short bios, no real people. */
export const FEMALE_NAMES = [
  'Anouk', 'Sanne', 'Lotte', 'Eva', 'Femke', 'Iris', 'Lisa', 'Mila', 'Noor', 'Julia', 'Sophie', 'Emma', 'Fleur',
  'Lieke', 'Marloes', 'Ilse', 'Nina', 'Roos', 'Tess', 'Yara', 'Hanna', 'Lena', 'Katrin', 'Sabine', 'Anja', 'Petra',
  'Leonie', 'Miriam', 'Charlotte', 'Elise', 'Amelie', 'Chloe', 'Grace', 'Holly', 'Jade', 'Kate', 'Lucy', 'Maud',
  'Ines', 'Zoe', 'Vera', 'Linde', 'Jasmijn', 'Bente', 'Saar', 'Merel', 'Carla', 'Greta', 'Ida', 'Freya',
] as const;
export const MALE_NAMES = [
  'Daan', 'Bram', 'Sem', 'Lucas', 'Thijs', 'Jesse', 'Ruben', 'Milan', 'Stijn', 'Koen', 'Tim', 'Niels', 'Bas',
  'Joris', 'Wouter', 'Pieter', 'Jeroen', 'Lars', 'Max', 'Finn', 'Jonas', 'Felix', 'Tobias', 'Lukas', 'Stefan',
  'Matthias', 'Dirk', 'Jan', 'Tom', 'Sam', 'Oliver', 'Jack', 'Harry', 'George', 'Noah', 'Liam', 'Arthur', 'Victor',
  'Hugo', 'Mats', 'Olaf', 'Erik', 'Marco', 'Paul', 'Rick', 'Sven', 'Tijn', 'Gijs', 'Luuk', 'Mees',
] as const;
export const NAME_SUFFIXES = ['', '', '', '_', '.', '85', '90', '77', 'xx', '69', '_nl', '31', '2', '4u'] as const;

export const REASONS = [
  'Looking for a nice chat', 'Just curious', 'Something spontaneous', 'A date this week', 'New friends',
  'Fun without obligations', 'Maybe something serious',
] as const;

export const ABOUTS = [
  'I love long walks, good food and honest conversations.',
  'Spontaneous, a bit cheeky and always up for an adventure.',
  'Weekend traveller, coffee addict and terrible at cooking.',
  'Looking for someone who can make me laugh.',
  'Music, movies and a glass of wine: that is my perfect evening.',
  'Sporty during the week, lazy on Sundays.',
  'New in town and curious who is out there.',
] as const;

/** Countries of SPEC §9, weighted towards the Benelux and Germany. */
export const COUNTRY_WEIGHTS = [
  ['NL', 40], ['BE', 14], ['DE', 18], ['AT', 3], ['CH', 3], ['GB', 4], ['IE', 1], ['FR', 3], ['IT', 2], ['ES', 2],
  ['PL', 2], ['DK', 1], ['SE', 1], ['NO', 1], ['FI', 1], ['US', 2], ['CA', 1], ['AU', 1], ['NZ', 0.5],
] as const;

export const SPEC_COUNTRIES = COUNTRY_WEIGHTS.map(([c]) => c);

export const DEMO_MESSAGES = [
  'Hoi! Leuk profiel heb je 😊',
  'Hey, hoe gaat het met je?',
  'Zin om vanavond even te chatten?',
  'Dankjewel! Met mij gaat het goed, en met jou?',
  'Ik zag dat je ook van reizen houdt, waar ben je het laatst geweest?',
] as const;
