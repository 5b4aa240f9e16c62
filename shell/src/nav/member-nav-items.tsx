import { useTranslation } from 'react-i18next';
import { CountBadge, type User } from '@dating/shared';
import { Icon, type IconName } from './icons';
import { PrefetchNavLink } from './prefetch-link';

export interface NavCounters {
  unread: number;
  newLikes: number;
}

interface Item {
  to: string;
  icon: IconName;
  label: string;
  badge: React.ReactNode;
  testId: string;
}

/** The member's main destinations (docs/product/routes-and-layouts.md), shared by the top bar (desktop) and the bottom bar (phone). */
export function useMemberNavItems(user: User, counters: NavCounters): Item[] {
  const { t } = useTranslation();
  const items: Item[] = [
    { to: '/members', icon: 'search', label: t('nav.search'), badge: null, testId: 'nav-search' },
    {
      to: '/chats',
      icon: 'chat',
      label: t('nav.messages'),
      badge: (
        <CountBadge
          count={counters.unread}
          variant="unread"
          label={t('nav.unreadMessages', { count: counters.unread })}
        />
      ),
      testId: 'nav-messages',
    },
    {
      to: '/likes',
      icon: 'heart',
      label: t('nav.likes'),
      badge: (
        <CountBadge
          count={counters.newLikes}
          variant="danger"
          label={t('nav.newLikes', { count: counters.newLikes })}
        />
      ),
      testId: 'nav-likes',
    },
  ];
  if (user.paid_user) {
    // No count on this item: the balance in the top bar (phones too) is the credits badge, warning and danger
    // styles at 10 credits or fewer included, so the balance is not shown twice (balance-badge.tsx).
    items.push({
      to: '/credits',
      icon: 'coins',
      label: t('nav.credits'),
      badge: null,
      testId: 'nav-credits',
    });
  } else {
    items.push({
      to: '/premium',
      icon: 'star',
      label: t('nav.getPremium'),
      badge: null,
      testId: 'nav-premium',
    });
  }
  return items;
}

export function MemberNavLinks({ items, variant }: { items: Item[]; variant: 'top' | 'bottom' }) {
  return (
    <>
      {items.map((item) => (
        <li className="nav-item" key={item.to}>
          <PrefetchNavLink
            to={item.to}
            className={({ isActive }) =>
              `nav-link shell-nav-link ${variant === 'bottom' ? 'shell-nav-link-bottom' : ''} ${isActive ? 'active' : ''}`
            }
            data-testid={`${item.testId}-${variant}`}
          >
            <span className="shell-nav-icon">
              <Icon name={item.icon} size={variant === 'bottom' ? 24 : 20} />
              {item.badge ? <span className="shell-nav-badge">{item.badge}</span> : null}
            </span>
            <span className="shell-nav-label">{item.label}</span>
          </PrefetchNavLink>
        </li>
      ))}
    </>
  );
}
