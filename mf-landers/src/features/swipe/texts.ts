import { pageTexts } from '../../lib/page-texts';

/**
 * The swipe game's texts and the tinderswipe lander's pitch (`landers-swipe`), registered here so their locale map
 * is in the chunks that hold the game (the tinderswipe lander and `/swipe-game`).
 */
export const SWIPE_TEXTS = pageTexts('swipe', 'swipe', {
  da: () => import('../../locales/swipe/da.json'),
  de: () => import('../../locales/swipe/de.json'),
  en: () => import('../../locales/swipe/en.json'),
  es: () => import('../../locales/swipe/es.json'),
  fi: () => import('../../locales/swipe/fi.json'),
  fr: () => import('../../locales/swipe/fr.json'),
  it: () => import('../../locales/swipe/it.json'),
  nb: () => import('../../locales/swipe/nb.json'),
  nl: () => import('../../locales/swipe/nl.json'),
  pl: () => import('../../locales/swipe/pl.json'),
  sv: () => import('../../locales/swipe/sv.json'),
});
