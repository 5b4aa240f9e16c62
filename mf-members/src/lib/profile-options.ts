import type { Interest } from '@dating/shared';

/** Interest icons (SPEC §3 icon set) as emoji: no image downloads, readable on every phone. */
export const INTEREST_ICONS: Record<Interest, string> = {
  adventure: '🧭', analsex: '🍑', animals: '🐾', art: '🎨', astrology: '♒️', bbq: '🍖', beach: '🏖️', beer: '🍺',
  biking: '🚴', bondage: '⛓️', coffee: '☕️', cooking: '🍳', dancing: '💃', exchangingpictures: '📸', fashion: '👗',
  foodie: '🍽️', gardening: '🌱', gym: '🏋️', hiking: '🥾', hugging: '🤗', kissing: '💋', lingerie: '👙',
  massages: '💆', masturbating: '✋️', movies: '🎬', music: '🎵', onenightstand: '🌙', oralsex: '👅',
  outdoors: '🏕️', party: '🎉', photography: '📷', politics: '🏛️', publicsex: '🌳', reading: '📚',
  relationship: '💞', sadomasochism: '🖤', safesex: '🛡️', sex: '🔥', sextoys: '🎁', shopping: '🛍️',
  sports: '⚽️', sushi: '🍣', tattoos: '🖋️', tea: '🍵', theater: '🎭', threesome: '👥', travelling: '✈️',
  vegetarian: '🥗', videogames: '🎮', wine: '🍷',
};

export const AGE_MIN = 18;
export const AGE_MAX = 99;
export const PAGE_SIZE = 24;
