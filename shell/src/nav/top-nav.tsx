import { lazy, Suspense } from 'react';
import { useCurrentUser } from '@dating/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { isStandalone } from '../lib/standalone';
import { useRouteName } from '../routes/route-handle';
import { BACK_BUTTON_ROUTES } from '../routes/route-table';
import { useSettings } from '../session/use-session';
import { Icon } from './icons';
import { LanguageDropdown } from './language-dropdown';
import { PrefetchLink } from './prefetch-link';

// The member's parts of the bar (destinations, balance, account menu) are in the member chunk, not a visitor's first
// load (docs/adr/0016-first-load-budget.md); a member's page fetches that chunk at start (routes/build-routes.tsx).
const memberNav = () => import(/* webpackChunkName: "member" */ './member-nav');
const MemberBars = lazy(() => memberNav().then((m) => ({ default: m.MemberBars })));
const BalanceBadge = lazy(() => memberNav().then((m) => ({ default: m.BalanceBadge })));
const AccountDropdown = lazy(() => memberNav().then((m) => ({ default: m.AccountDropdown })));

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
        {user ? (
          <Suspense fallback={null}>
            <MemberBars user={user} />
          </Suspense>
        ) : (
          <span className="me-auto" />
        )}
        <div className="d-flex align-items-center gap-1">
          {user && (
            <Suspense fallback={null}>
              <BalanceBadge user={user} />
            </Suspense>
          )}
          <LanguageDropdown />
          {user ? (
            <Suspense fallback={null}>
              <AccountDropdown user={user} />
            </Suspense>
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
