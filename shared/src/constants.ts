/** Business constants and limits of docs/product/constants.md, in one place. Durations in milliseconds unless the name says so. */
export const POLL_INTERVAL_MS = 60_000;
export const POLL_INTERVAL_PUSH_MS = 300_000;
export const POLL_START_DELAY_MS = 5_000;

export const TIME_BONUS_WINDOW_S = 14_400;
export const TIME_BONUS_PERCENTAGE = 25;
export const TIME_BONUS_CODE = 'TIMEBONUS25';
export const TIME_BONUS_TICK_MS = 1_000;
export const TIME_BONUS_MODAL_DELAY_MS = 40_000;
export const WELCOME_DISCOUNT_PERCENTAGE = 25;
export const LIKES_RELOAD_DELAY_MS = 500;

export const FREE_PHOTO_LIMIT = 3;
export const PREMIUM_PHOTO_LIMIT = 25;
export const FREE_CHAT_LIMIT = 2;
export const SWIPE_LIKES_PER_DAY = 4;
export const PREMIUM_MATCH_CHANCE_PERCENT = 46;

export const BADGE_CAP = 99;
export const CREDITS_BADGE_THRESHOLD = 10;
export const ACCOUNT_RESTORE_DAYS = 14;

export const MAX_RETRIES = 5;
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_DAYS = 365;
export const AUTH_COOKIE_DAYS = 30;
export const GEOLOCATION_MAX_AGE_MS = 3_600_000;
export const PREFETCH_IDLE_TIMEOUT_MS = 2_000;
export const FETCH_MIN_DELAY_MS = 200;
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5_000;
export const CHUNK_RELOAD_GUARD_MS = 60_000;

/** Countries where the entry warning also shows in the chat and lander layouts. */
export const ENTRY_WARNING_LAYOUT_COUNTRIES = ['NL', 'DE'] as const;

/** Locales offered per visitor country (docs/product/constants.md). */
export const VISIBLE_LOCALES_BY_COUNTRY: Record<string, readonly string[]> = {
  US: ['en', 'es'],
  NL: ['nl'],
  BE: ['nl', 'fr', 'de'],
  FR: ['fr'],
  IT: ['it'],
  ES: ['es'],
  DE: ['de'],
  AT: ['de'],
  IE: ['en'],
  GB: ['en'],
  CA: ['en', 'fr'],
  PL: ['pl'],
  AU: ['en'],
  NZ: ['en'],
  CH: ['de', 'it', 'fr', 'en'],
  DK: ['da'],
  FI: ['fi', 'sv'],
  NO: ['nb'],
  SE: ['sv'],
};

/** Terms version date (docs/product/sites-and-landers.md): this date, or the company's added date when later. */
export const TERMS_VERSION_DATE = '2023-12-01T12:00:00Z';

/** Design tokens of docs/product/constants.md that scripts need (sass has its own copy in theme/_variables.scss). */
export const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1200 } as const;
