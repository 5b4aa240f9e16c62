import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { advertisedCode, loggedOut, useAppDispatch, type DeleteReason } from '@dating/shared';
import { FormAlert } from '../../../components/form-alert';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { serverErrorField, useErrorTexts } from '../../../lib/errors';
import { useAccountUpdateProfileMutation } from '../../../lib/profile-api';
import { ACCOUNT_EXPORT_URL, useAccountDeleteMutation, useGetAccountDeleteInfoQuery } from '../api/deletion';
import { useAccountTranslation } from '../../../lib/i18n';

/** Deletion with the alternatives first, a reason, the password, and the data download (docs/product/README.md). */
export function DeleteAccount({ invisible }: { invisible: boolean }) {
  const { t, i18n } = useAccountTranslation();
  const errorTexts = useErrorTexts();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const { data: info, error: infoError } = useGetAccountDeleteInfoQuery(undefined, { skip: !open });
  const [remove, { isLoading, error }] = useAccountDeleteMutation();
  const [goInvisible, invisibleState] = useAccountUpdateProfileMutation({
    fixedCacheKey: 'account-invisible',
  });
  const [reason, setReason] = useState<DeleteReason | ''>('');
  const [reasonText, setReasonText] = useState('');
  const [password, setPassword] = useState('');
  const [checked, setChecked] = useState(false);
  const field = serverErrorField(error);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (!reason || !password) return;
    const result = await remove({
      reason,
      password,
      ...(reasonText.trim() ? { reason_text: reasonText.trim() } : {}),
    });
    if ('data' in result) {
      // The session is over on the server. The shell re-runs the route rules when the session changes; a
      // navigation on its way is re-run with the visitor's session, so /account-deleted opens (not /login).
      navigate('/account-deleted', { replace: true });
      dispatch(loggedOut());
    }
  }

  return (
    <div>
      <p>
        <a href={ACCOUNT_EXPORT_URL} download className="btn btn-outline-primary btn-sm">
          {t('delete.download')}
        </a>
      </p>
      <p className="small text-muted">{t('delete.downloadHelp')}</p>
      {!open ? (
        <button type="button" className="btn btn-outline-danger" onClick={() => setOpen(true)}>
          {t('delete.start')}
        </button>
      ) : (
        <>
          {infoError ? <FormAlert>{errorTexts.server(infoError)}</FormAlert> : null}
          {info ? (
            <>
              <h3 className="h6">{t('delete.alternativesTitle')}</h3>
              <ul>
                {info.alternatives.includes('invisible') && !invisible ? (
                  <li>
                    {t('delete.alternatives.invisible')}{' '}
                    <button
                      type="button"
                      className="btn btn-link p-0 align-baseline"
                      disabled={invisibleState.isLoading}
                      onClick={() => void goInvisible({ invisible: true })}
                    >
                      {t('delete.alternatives.invisibleAction')}
                    </button>
                  </li>
                ) : null}
                {info.alternatives.includes('notifications') ? (
                  <li>
                    {t('delete.alternatives.notifications')}{' '}
                    <Link to="/notifications">{t('delete.alternatives.notificationsAction')}</Link>
                  </li>
                ) : null}
                {info.alternatives.includes('discount') && info.delete_discount > 0 ? (
                  <li>
                    {t('delete.alternatives.discount', { percentage: info.delete_discount })}{' '}
                    {/* The offer's own code (every language's exists on every site), applied on /credits. */}
                    <Link to={`/credits?code=${advertisedCode('retention', i18n.language)}`}>
                      {t('delete.alternatives.discountAction')}
                    </Link>
                  </li>
                ) : null}
              </ul>
              <form onSubmit={submit} noValidate>
                <fieldset className="mb-3">
                  <legend className="form-label fs-6">{t('delete.reasonLabel')}</legend>
                  {info.reasons.map((value) => (
                    <div className="form-check" key={value}>
                      <input
                        className="form-check-input"
                        type="radio"
                        name="delete-reason"
                        id={`delete-reason-${value}`}
                        checked={reason === value}
                        onChange={() => setReason(value)}
                      />
                      <label className="form-check-label" htmlFor={`delete-reason-${value}`}>
                        {t(`delete.reasons.${value}`)}
                      </label>
                    </div>
                  ))}
                  {checked && !reason ? (
                    <div className="invalid-feedback d-block">{t('delete.reasonRequired')}</div>
                  ) : null}
                </fieldset>
                {reason === 'other' ? (
                  <div className="mb-3">
                    <label htmlFor="delete-reason-text" className="form-label">
                      {t('delete.reasonText')}
                    </label>
                    <textarea
                      id="delete-reason-text"
                      className="form-control"
                      rows={2}
                      maxLength={500}
                      value={reasonText}
                      onChange={(event) => setReasonText(event.target.value)}
                    />
                  </div>
                ) : null}
                <p className="small">{t('delete.restoreInfo', { days: info.restore_days })}</p>
                <TextField
                  id="delete-password"
                  label={t('fields.password')}
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={setPassword}
                  error={
                    field === 'password'
                      ? errorTexts.server(error)
                      : checked && !password
                        ? t('delete.passwordRequired')
                        : null
                  }
                />
                {error && field !== 'password' ? <FormAlert>{errorTexts.server(error)}</FormAlert> : null}
                <SubmitButton pending={isLoading} variant="danger">
                  {t('delete.submit')}
                </SubmitButton>
              </form>
            </>
          ) : null}
        </>
      )}
    </div>
  );
}
