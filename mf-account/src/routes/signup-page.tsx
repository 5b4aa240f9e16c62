import { useSignupTranslation } from '../lib/i18n';
import { useLocation, useNavigate } from 'react-router-dom';
import { Page } from '../components/page';
import { SignupForm } from '../features/signup/components/signup-form';
import type { RemoteComponent } from '@dating/shared/remotes';

/** `/signup` and `/signup-matches` (the latter promises matches once the profile exists). */
function SignupPage() {
  const { t } = useSignupTranslation();
  const navigate = useNavigate();
  const matches = useLocation().pathname.startsWith('/signup-matches');
  return (
    <Page title={matches ? t('signup.matchesTitle') : t('signup.pageTitle')}>
      {matches ? <p className="lead">{t('signup.matchesIntro')}</p> : null}
      <SignupForm onDone={() => navigate('/members')} />
    </Page>
  );
}

// The contract with the shell (shared/src/remotes.ts): checked when this remote is built.
export default SignupPage satisfies RemoteComponent<'mf_account/SignupPage'>;
