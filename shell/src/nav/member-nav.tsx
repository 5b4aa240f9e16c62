import { useTranslation } from 'react-i18next';
import type { User } from '@dating/shared';
import { useCounters } from '../session/use-session';
import { MemberNavLinks, useMemberNavItems } from './member-nav-items';

export { AccountDropdown } from './account-dropdown';
export { BalanceBadge } from './balance-badge';

/** The member's parts of the top bar (nav/top-nav.tsx), in the member chunk. */
export function MemberBars({ user }: { user: User }) {
  const { t } = useTranslation();
  const counters = useCounters(true);
  const items = useMemberNavItems(user, counters);
  return (
    <>
      <ul
        className="navbar-nav flex-row d-none d-lg-flex gap-lg-2 me-auto ms-3"
        aria-label={t('nav.mainMenu')}
      >
        <MemberNavLinks items={items} variant="top" />
      </ul>
      <nav className="shell-bottom-nav d-lg-none" aria-label={t('nav.mainMenu')}>
        <ul className="nav nav-justified">
          <MemberNavLinks items={items} variant="bottom" />
        </ul>
      </nav>
    </>
  );
}
