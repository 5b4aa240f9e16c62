import { useAccountTranslation } from '../lib/i18n';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Page } from '../components/page';
import { FormAlert } from '../components/form-alert';
import { useErrorTexts } from '../lib/errors';
import { useAccountConfirmMailChangeMutation } from '../features/mail-change/api/mail-change';
import type { RemoteComponent } from '@dating/shared/remotes';

/** `/mail-change/do?token=…`: the link sent to the new address confirms the change. */
function MailChangePage() {
  const { t } = useAccountTranslation();
  const errorTexts = useErrorTexts();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [confirm, { data, error, isUninitialized, isLoading }] = useAccountConfirmMailChangeMutation();
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    void confirm({ token });
  }, [token, confirm]);

  let body;
  if (!token) body = <FormAlert>{t('errors.link_invalid')}</FormAlert>;
  else if (error) body = <FormAlert>{errorTexts.server(error)}</FormAlert>;
  else if (data) body = <FormAlert kind="success">{t('mailChange.done', { email: data.email })}</FormAlert>;
  else if (isLoading || isUninitialized)
    body = <div className="spinner-border" role="status" aria-label={t('loading')} />;

  return (
    <Page title={t('mailChange.title')}>
      {body}
      <Link to="/profile">{t('mailChange.toProfile')}</Link>
    </Page>
  );
}

// The contract with the shell (shared/src/remotes.ts): checked when this remote is built.
export default MailChangePage satisfies RemoteComponent<'mf_account/MailChangePage'>;
