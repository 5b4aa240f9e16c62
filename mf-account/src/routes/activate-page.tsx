import { useAccountTranslation } from '../lib/i18n';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useResendActivationMutation, useCurrentUser } from '@dating/shared';
import { Page } from '../components/page';
import { FormAlert } from '../components/form-alert';
import { useErrorTexts } from '../lib/errors';
import { useAccountActivateMutation } from '../features/activation/api/activation';
import type { RemoteComponent } from '@dating/shared/remotes';

function ActivationFailed() {
  const { t } = useAccountTranslation();
  const errorTexts = useErrorTexts();
  const user = useCurrentUser();
  const [resend, { isLoading, isSuccess, error }] = useResendActivationMutation();
  const canResend = Boolean(user && user.status === 'not_confirmed');
  return (
    <>
      <FormAlert>{t('errors.activation_failed')}</FormAlert>
      <p>{t('activation.failedHelp')}</p>
      {isSuccess ? <FormAlert kind="success">{t('activation.resent')}</FormAlert> : null}
      {error ? <FormAlert>{errorTexts.server(error)}</FormAlert> : null}
      {canResend ? (
        <button
          type="button"
          className="btn btn-primary"
          disabled={isLoading || isSuccess}
          onClick={() => void resend()}
        >
          {t('activation.resend')}
        </button>
      ) : user ? null : (
        <Link to="/login" className="btn btn-primary">
          {t('login.submit')}
        </Link>
      )}
    </>
  );
}

function ActivationDone() {
  const { t } = useAccountTranslation();
  return (
    <>
      <FormAlert kind="success">{t('activation.done')}</FormAlert>
      <Link to="/members" className="btn btn-primary">
        {t('activation.toMembers')}
      </Link>
    </>
  );
}

/** `/activate/done?token=…` (the link in the activation email) and `/activate/error`. */
function ActivatePage() {
  const { t } = useAccountTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [activate, { isSuccess, isError }] = useAccountActivateMutation();
  const sent = useRef<string | null>(null);

  useEffect(() => {
    // A token is single use: send it once even when React runs effects twice.
    if (!token || sent.current === token) return;
    sent.current = token;
    void activate({ token }).then((result) => {
      if ('error' in result) navigate('/activate/error', { replace: true });
    });
  }, [token, activate, navigate]);

  const failed = pathname.endsWith('/error') || isError;
  let body;
  if (failed) body = <ActivationFailed />;
  else if (token && !isSuccess)
    body = <div className="spinner-border" role="status" aria-label={t('activation.busy')} />;
  else body = <ActivationDone />;

  return <Page title={t('activation.title')}>{body}</Page>;
}

// The contract with the shell (shared/src/remotes.ts): checked when this remote is built.
export default ActivatePage satisfies RemoteComponent<'mf_account/ActivatePage'>;
