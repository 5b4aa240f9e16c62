import { useAccountTranslation } from '../lib/i18n';
import { Link, useNavigate } from 'react-router-dom';
import { signupFinished, useAppDispatch, useCurrentUser } from '@dating/shared';
import { Page } from '../components/page';
import { SignupSteps } from '../features/signup/components/signup-steps';
import type { RemoteComponent } from '@dating/shared/remotes';

/** Finishing the profile steps 1–4 after an account was created elsewhere (a lander, the api). */
function CompleteSignupPage() {
  const { t } = useAccountTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const user = useCurrentUser();
  return (
    <Page title={t('completeSignup.title')}>
      {user ? (
        <SignupSteps
          initialStep={1}
          onDone={() => {
            dispatch(signupFinished());
            navigate('/members');
          }}
        />
      ) : (
        <p>
          {t('needLogin')} <Link to="/login?redirect=/complete-signup">{t('login.submit')}</Link>
        </p>
      )}
    </Page>
  );
}

// The contract with the shell (shared/src/remotes.ts): checked when this remote is built.
export default CompleteSignupPage satisfies RemoteComponent<'mf_account/CompleteSignupPage'>;
