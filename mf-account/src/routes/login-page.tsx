import '../lib/i18n';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useCurrentUser } from '@dating/shared';
import { Page } from '../components/page';
import { LoginForm } from '../features/auth/components/login-form';
import { safeRedirect } from '../lib/redirect';
import type { RemoteComponent } from '@dating/shared/remotes';

function LoginPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const user = useCurrentUser();
  // Someone already logged in (another tab, the back button) has nothing to do here.
  if (user) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
  return (
    <Page title={t('login.title')}>
      <LoginForm onLoggedIn={() => navigate(safeRedirect(params.get('redirect')), { replace: true })} />
    </Page>
  );
}

// The contract with the shell (shared/src/remotes.ts): checked when this remote is built.
export default LoginPage satisfies RemoteComponent<'mf_account/LoginPage'>;
