import { CREDITS_BADGE_THRESHOLD } from '@dating/shared';

/** docs/product/routes-and-layouts.md: the credits badge shows at 10 credits or fewer; warning style above 0, danger at 0. */
export function creditsBadge(credits: number): { variant: 'warning' | 'danger'; text: string } | null {
  if (credits > CREDITS_BADGE_THRESHOLD) return null;
  return { variant: credits > 0 ? 'warning' : 'danger', text: String(Math.max(0, credits)) };
}
