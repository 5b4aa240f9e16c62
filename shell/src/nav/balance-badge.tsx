import { useTranslation } from 'react-i18next';
import type { User } from '@dating/shared';
import { creditsBadge } from './credits-badge';
import { Icon } from './icons';
import { PrefetchLink } from './prefetch-link';

/**
 * The member's credit balance, always in sight in the top bar (phones too), leading to /credits. It reads the one
 * current user of the store, which a send's answer, a live event (gift, purchase) and polling keep up to date, so it
 * changes the moment the balance does. At 10 credits or fewer it takes the credits badge's warning and danger styles.
 */
export function BalanceBadge({ user }: { user: User }) {
  const { t } = useTranslation();
  const low = creditsBadge(user.credits);
  const label = t('nav.creditsLeft', { count: user.credits });
  return (
    <PrefetchLink
      to="/credits"
      className={`badge rounded-pill shell-balance text-decoration-none ${low ? `text-bg-${low.variant}` : 'text-bg-light'}`}
      aria-label={label}
      title={label}
      data-testid="nav-balance"
    >
      <Icon name="coins" size={14} />
      <span data-testid="nav-balance-count">{Math.max(0, user.credits)}</span>
    </PrefetchLink>
  );
}
