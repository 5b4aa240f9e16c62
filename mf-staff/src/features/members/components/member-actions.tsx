import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ErrorAlert } from '@dating/shared';
import { STAFF_REASON_MAX_LENGTH } from '@dating/shared/contract/values/staff';
import type { StaffMemberAccount } from '@dating/shared/contract/staff';
import {
  useMemberActivationMutation,
  useMemberBanMutation,
  useMemberCreditsMutation,
  useMemberDeleteMutation,
  useMemberUnbanMutation,
} from '../api/members';
import { NS } from '../../../lib/i18n';
import { useStaff } from '../../../lib/staff-context';
import { ConfirmButton } from '../../../components/confirm-button';
import { fieldError } from '../../../lib/field-error';

/** What an admin does to a member: ban or unban, grant credits, resend the activation mail, delete. */
export function MemberActions({ account }: { account: StaffMemberAccount }) {
  const { t } = useTranslation(NS);
  const { base } = useStaff();
  const navigate = useNavigate();
  const [ban, banning] = useMemberBanMutation();
  const [unban, unbanning] = useMemberUnbanMutation();
  const [grant, granting] = useMemberCreditsMutation();
  const [activation, activating] = useMemberActivationMutation();
  const [remove, removing] = useMemberDeleteMutation();
  const [banReason, setBanReason] = useState('');
  const [amount, setAmount] = useState('');
  const [grantReason, setGrantReason] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const deleted = account.status === 'deleted';

  const submitBan = async (event: FormEvent) => {
    event.preventDefault();
    const result = await ban({ id: account.id, reason: banReason.trim() });
    if (result.data) setBanReason('');
  };
  const submitGrant = async (event: FormEvent) => {
    event.preventDefault();
    const result = await grant({ id: account.id, amount: Number(amount), reason: grantReason.trim() });
    if (result.data) {
      setAmount('');
      setGrantReason('');
      setNotice(t('members.granted', { credits: result.data.credits }));
    }
  };

  return (
    <div className="card mt-3">
      <div className="card-body">
        <h2 className="h5">{t('members.actions')}</h2>
        <div aria-live="polite">
          {notice ? <div className="alert alert-success py-2">{notice}</div> : null}
        </div>
        <ErrorAlert error={unbanning.error ?? activating.error ?? removing.error} />
        {account.banned ? (
          <button
            type="button"
            className="btn btn-sm btn-outline-success mb-3"
            disabled={unbanning.isLoading || deleted}
            onClick={() => void unban(account.id)}
          >
            {t('members.unban')}
          </button>
        ) : (
          <form className="mb-3" onSubmit={(event) => void submitBan(event)}>
            <label htmlFor="ban-reason" className="form-label small mb-0">
              {t('members.banReason')}
            </label>
            <div className="d-flex gap-2">
              <input
                id="ban-reason"
                className="form-control form-control-sm"
                maxLength={STAFF_REASON_MAX_LENGTH}
                value={banReason}
                onChange={(e) => setBanReason(e.target.value)}
                aria-describedby={fieldError(banning.error, 'reason') ? 'ban-reason-error' : undefined}
              />
              <button
                type="submit"
                className="btn btn-sm btn-danger"
                disabled={banning.isLoading || !banReason.trim() || deleted}
              >
                {t('members.ban')}
              </button>
            </div>
            {fieldError(banning.error, 'reason') ? (
              <div id="ban-reason-error" className="text-danger small">
                {fieldError(banning.error, 'reason')}
              </div>
            ) : (
              <ErrorAlert error={banning.error} className="mt-2 py-2" />
            )}
          </form>
        )}
        <form className="mb-3" onSubmit={(event) => void submitGrant(event)}>
          <fieldset>
            <legend className="fs-6">{t('members.grant')}</legend>
            <div className="row g-2">
              <div className="col-4">
                <label htmlFor="grant-amount" className="form-label small mb-0">
                  {t('fields.credits')}
                </label>
                <input
                  id="grant-amount"
                  type="number"
                  min={1}
                  max={10000}
                  className={`form-control form-control-sm ${fieldError(granting.error, 'amount') ? 'is-invalid' : ''}`}
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                  aria-describedby="grant-amount-error"
                />
                <div id="grant-amount-error" className="invalid-feedback">
                  {fieldError(granting.error, 'amount')}
                </div>
              </div>
              <div className="col-8">
                <label htmlFor="grant-reason" className="form-label small mb-0">
                  {t('members.grantReason')}
                </label>
                <input
                  id="grant-reason"
                  className={`form-control form-control-sm ${fieldError(granting.error, 'reason') ? 'is-invalid' : ''}`}
                  maxLength={STAFF_REASON_MAX_LENGTH}
                  value={grantReason}
                  onChange={(e) => setGrantReason(e.target.value)}
                  aria-describedby="grant-reason-error"
                />
                <div id="grant-reason-error" className="invalid-feedback">
                  {fieldError(granting.error, 'reason')}
                </div>
              </div>
            </div>
            {granting.error &&
            !fieldError(granting.error, 'amount') &&
            !fieldError(granting.error, 'reason') ? (
              <ErrorAlert error={granting.error} className="mt-2 py-2" />
            ) : null}
            <button
              type="submit"
              className="btn btn-sm btn-primary mt-2"
              disabled={granting.isLoading || !amount || !grantReason.trim() || deleted}
            >
              {t('members.grantButton')}
            </button>
          </fieldset>
        </form>
        <div className="d-flex flex-wrap gap-2">
          {account.status === 'not_confirmed' ? (
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              disabled={activating.isLoading}
              onClick={() =>
                void activation(account.id).then((result) => {
                  if ('data' in result && result.data) setNotice(t('members.activationSent'));
                })
              }
            >
              {t('members.resendActivation')}
            </button>
          ) : null}
          {!deleted ? (
            <ConfirmButton
              label={t('members.delete')}
              question={t('members.deleteConfirm', { name: account.name })}
              disabled={removing.isLoading}
              onConfirm={() =>
                void remove(account.id).then((result) => {
                  if ('data' in result && result.data) navigate(`${base}/members`);
                })
              }
            />
          ) : null}
        </div>
      </div>
    </div>
  );
}
