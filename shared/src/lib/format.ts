import { BADGE_CAP } from '../constants';

/** A counter badge: nothing for 0, the number up to 99, then "99+" (SPEC §2). */
export function formatBadge(count: number): string {
  if (count <= 0) return '';
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}

/** Interpolates `{name}` placeholders, the catalogue's format (SPEC §5, §8). */
export function interpolate(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}
