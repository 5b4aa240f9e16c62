import { lazy, Suspense } from 'react';
import { useCurrentUser } from '@dating/shared';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router-dom';
import { LinkedCodeNotice, SkipLink } from '@dating/shared';
import { SignupModal } from '../banners/signup-modal';
import { SiteEntryWarning } from '../banners/site-entry-warning';
import { LanguageDropdown } from '../nav/language-dropdown';
import { PrefetchLink } from '../nav/prefetch-link';
import { useSettings } from '../session/use-session';
import { Footer } from './footer';

// The member navigation, for a member on a lander path: in the chunk of the other layouts, not a visitor's first
// load (docs/adr/0016-first-load-budget.md).
const TopNav = lazy(() =>
  import(/* webpackChunkName: "layouts" */ '../nav/top-nav').then((m) => ({ default: m.TopNav })),
);

/**
 * Landing pages: a logo bar, the page, the footer with the disclaimer (docs/product/routes-and-layouts.md). A
 * logged-in member keeps the member navigation here too (the swipe game, a 404 of a lander path), so the page never
 * looks logged out.
 */
export function LanderLayout() {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useCurrentUser() ?? null;
  return (
    <div
      className={`shell-layout shell-layout-lander d-flex flex-column min-vh-100 ${user ? 'shell-has-bottom-nav' : ''}`}
      data-layout="lander"
    >
      <SkipLink>{t('nav.skipToContent')}</SkipLink>
      {user ? (
        <Suspense fallback={null}>
          <TopNav />
        </Suspense>
      ) : null}
      <header hidden={Boolean(user)} className="shell-logo-bar navbar navbar-dark bg-primary">
        <div className="container">
          <Link className="navbar-brand fw-bold" to="/">
            {settings.name}
          </Link>
          <div className="d-flex align-items-center gap-1">
            <LanguageDropdown />
            {user ? null : (
              // Without JavaScript the server-rendered lander's call to action (a button opening the signup modal)
              // does nothing: a plain link to the signup page instead (docs/adr/0030).
              <noscript>
                <a
                  className="btn btn-warning btn-sm fw-semibold"
                  href="/signup"
                  data-testid="nav-signup-noscript"
                >
                  {t('signupModal.title')}
                </a>
              </noscript>
            )}
            {user ? null : (
              <PrefetchLink className="btn btn-light btn-sm fw-semibold" to="/login" data-testid="nav-login">
                {t('nav.login')}
              </PrefetchLink>
            )}
          </div>
        </div>
      </header>
      <main className="flex-grow-1" id="main" tabIndex={-1}>
        {/* What a `?code=` in the address did: kept for the first purchase, expired, used or unknown. */}
        <LinkedCodeNotice where="lander" wrapperClassName="container pt-2" />
        <Outlet />
      </main>
      <Footer />
      <SiteEntryWarning layout="lander" />
      <SignupModal />
    </div>
  );
}
