import { formatBadge } from '../lib/format';

export interface CountBadgeProps {
  count: number;
  /** Bootstrap colour role; unread messages use `unread` (= secondary). */
  variant?: 'primary' | 'secondary' | 'success' | 'info' | 'warning' | 'danger' | 'unread';
  /** Accessible description, e.g. '3 unread messages' (already translated). */
  label?: string;
  className?: string;
}

/** A pill with a count capped at 99+ (docs/product/routes-and-layouts.md); renders nothing for 0. */
export function CountBadge({ count, variant = 'danger', label, className = '' }: CountBadgeProps) {
  const text = formatBadge(count);
  if (!text) return null;
  const role = variant === 'unread' ? 'secondary' : variant;
  return (
    <span className={`badge rounded-pill text-bg-${role} ${className}`} aria-label={label} title={label}>
      {text}
    </span>
  );
}
