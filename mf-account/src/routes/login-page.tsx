import '../lib/i18n';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Page } from '../components/page';
import { LoginForm } from '../features/auth/components/login-form';
import { safeRedirect } from '../lib/redirect';

export default function LoginPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <Page title={t('login.title')}>
      <LoginForm onLoggedIn={() => navigate(safeRedirect(params.get('redirect')), { replace: true })} />
    </Page>
  );
}
