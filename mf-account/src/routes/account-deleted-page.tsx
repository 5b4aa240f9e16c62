import { useAccountTranslation } from '../lib/i18n';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ACCOUNT_RESTORE_DAYS } from '@dating/shared';
import { Page } from '../components/page';
import { FormAlert } from '../components/form-alert';
import { useErrorTexts } from '../lib/errors';
import { useAccountReactivateMutation } from '../features/deletion/api/deletion';
import type { RemoteComponent } from '@dating/shared/remotes';

/** `/account-deleted`, and `/account-deleted?reactivate=<token>` from the reactivation email. */
function AccountDeletedPage() {
  const { t } = useAccountTranslation();
  const errorTexts = useErrorTexts();
  const [params] = useSearchParams();
  const token = params.get('reactivate');
  const [reactivate, { isSuccess, error, isLoading }] = useAccountReactivateMutation();
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    void reactivate({ token });
  }, [token, reactivate]);

  if (token) {
    return (
      <Page title={t('deleted.reactivateTitle')}>
        {isSuccess ? (
          <>
            <FormAlert kind="success">{t('deleted.reactivated')}</FormAlert>
            <Link to="/members" className="btn btn-primary">
              {t('activation.toMembers')}
            </Link>
          </>
        ) : error ? (
          <FormAlert>{errorTexts.server(error)}</FormAlert>
        ) : isLoading ? (
          <div className="spinner-border" role="status" aria-label={t('loading')} />
        ) : null}
      </Page>
    );
  }

  return (
    <Page title={t('deleted.title')}>
      <p>{t('deleted.text', { days: ACCOUNT_RESTORE_DAYS })}</p>
      <Link to="/" className="btn btn-primary">
        {t('deleted.home')}
      </Link>
    </Page>
  );
}

// The contract with the shell (shared/src/remotes.ts): checked when this remote is built.
export default AccountDeletedPage satisfies RemoteComponent<'mf_account/AccountDeletedPage'>;
