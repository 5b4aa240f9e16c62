import type { Interest } from '@dating/shared';

/** The interests icon set (SPEC §3), drawn with emoji so no image is downloaded. */
export const INTEREST_ICONS: Record<Interest, string> = {
  adventure: '🧭', analsex: '🍑', animals: '🐾', art: '🎨', astrology: '🔮', bbq: '🍖', beach: '🏖️', beer: '🍺',
  biking: '🚴', bondage: '⛓️', coffee: '☕', cooking: '🍳', dancing: '💃', exchangingpictures: '📸', fashion: '👗',
  foodie: '🍽️', gardening: '🌱', gym: '🏋️', hiking: '🥾', hugging: '🤗', kissing: '💋', lingerie: '👙',
  massages: '💆', masturbating: '✋', movies: '🎬', music: '🎵', onenightstand: '🌙', oralsex: '👅',
  outdoors: '🌲', party: '🎉', photography: '📷', politics: '🏛️', publicsex: '🌆', reading: '📚',
  relationship: '💞', sadomasochism: '🖤', safesex: '🛡️', sex: '🔥', sextoys: '🎁', shopping: '🛍️',
  sports: '⚽', sushi: '🍣', tattoos: '🖋️', tea: '🍵', theater: '🎭', threesome: '👥', travelling: '✈️',
  vegetarian: '🥗', videogames: '🎮', wine: '🍷',
};
