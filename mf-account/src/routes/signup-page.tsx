import { useSyncExternalStore } from 'react';
import { useSignupTranslation } from '../lib/i18n';
import { useLocation, useNavigate } from 'react-router-dom';
import { Page } from '../components/page';
import { SignupForm } from '../features/signup/components/signup-form';
import type { RemoteComponent } from '@dating/shared/remotes';

const never = () => () => undefined;

/**
 * False in the server's markup and while React hydrates it, true once the page's code runs (and for a page the
 * browser renders itself): the server-rendered signup form is shown but not usable before then.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/** `/signup` and `/signup-matches` (the latter promises matches once the profile exists). */
function SignupPage() {
  const { t } = useSignupTranslation();
  const navigate = useNavigate();
  const matches = useLocation().pathname.startsWith('/signup-matches');
  const hydrated = useHydrated();
  return (
    <Page title={matches ? t('signup.matchesTitle') : t('signup.pageTitle')}>
      {matches ? <p className="lead">{t('signup.matchesIntro')}</p> : null}
      {/* Server-rendered (docs/adr/0030): disabled, with the reason shown, until its code runs, so nothing typed
          into it is lost and it is never sent by the browser itself. The line keeps its place (no layout shift). */}
      <p
        className={`small text-body-secondary ${hydrated ? 'invisible' : ''}`}
        role="status"
        aria-hidden={hydrated || undefined}
        data-testid="signup-loading"
      >
        {t('loading')}
      </p>
      <fieldset disabled={!hydrated} className="border-0 p-0 m-0">
        <SignupForm onDone={() => navigate('/members')} />
      </fieldset>
    </Page>
  );
}

// The contract with the shell (shared/src/remotes.ts): checked when this remote is built.
export default SignupPage satisfies RemoteComponent<'mf_account/SignupPage'>;
