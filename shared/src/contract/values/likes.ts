// The likes area's plain values (no TypeBox: browser code runs them, the contract index carries them). The
// calls' schemas and types are `contract/likes.ts`, which re-exports these.

/** Paths of the likes calls, relative to `/api/` (the browser's base query prefixes it). */
export const LIKES_PATHS = {
  likes: 'likes.php',
  like: 'like.php',
  likeSeen: 'like-seen.php',
  autoLike: 'auto-like.php',
  swipe: 'swipe.php',
  report: 'report.php',
} as const;

export const LIKE_SOURCES = ['profile', 'search', 'swipe', 'like_modal'] as const;
export type LikeSource = (typeof LIKE_SOURCES)[number];

export const REPORT_REASONS = ['fake', 'spam', 'offensive', 'underage', 'scam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_TEXT_MAX_LENGTH = 2000;
