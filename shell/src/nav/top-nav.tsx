import { useCurrentUser } from '@dating/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { isStandalone } from '../lib/standalone';
import { useRouteName } from '../routes/route-handle';
import { BACK_BUTTON_ROUTES } from '../routes/route-table';
import { useCounters, useSettings } from '../session/use-session';
import { AccountDropdown } from './account-dropdown';
import { BalanceBadge } from './balance-badge';
import { Icon } from './icons';
import { LanguageDropdown } from './language-dropdown';
import { MemberNavLinks, useMemberNavItems } from './member-nav-items';
import { PrefetchLink } from './prefetch-link';
import type { User } from '@dating/shared';

export function BackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const routeName = useRouteName();
  if (!isStandalone() || !(BACK_BUTTON_ROUTES as readonly string[]).includes(routeName)) return null;
  return (
    <button
      type="button"
      className="btn btn-link nav-link px-1 me-1"
      onClick={() => navigate(-1)}
      aria-label={t('nav.back')}
    >
      <Icon name="back" />
    </button>
  );
}

function MemberBars({ user }: { user: User }) {
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

/**
 * Top navigation (docs/product/routes-and-layouts.md). Phones get a compact top bar (brand, language, account) plus a bottom tab bar with
 * the four destinations and their badges; from 992 px the destinations move into the top bar.
 */
export function TopNav() {
  const { t } = useTranslation();
  const user = useCurrentUser() ?? null;
  const settings = useSettings();
  return (
    <header className="shell-topnav navbar navbar-expand navbar-dark bg-primary sticky-top">
      <div className="container">
        <BackButton />
        <Link className="navbar-brand fw-bold text-truncate" to={user ? '/members' : '/'}>
          {settings.name}
        </Link>
        {user ? <MemberBars user={user} /> : <span className="me-auto" />}
        <div className="d-flex align-items-center gap-1">
          {user && <BalanceBadge user={user} />}
          <LanguageDropdown />
          {user ? (
            <AccountDropdown user={user} />
          ) : (
            <PrefetchLink className="btn btn-light btn-sm fw-semibold" to="/login" data-testid="nav-login">
              {t('nav.login')}
            </PrefetchLink>
          )}
        </div>
      </div>
    </header>
  );
}
