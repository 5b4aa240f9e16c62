import { useState } from 'react';
import { Modal, useAppSelector, type User } from '@dating/shared';
import { useMemberTranslation } from '../i18n/member-namespace';
import { selectSignupCompletedHere } from '../app/shell-slice';
import { useResendActivation } from './member-alerts';
import { needsActivation } from './rules';

/** After completing signup through the api in this session, the activation reminder is a modal (docs/product/routes-and-layouts.md). */
export function ActivationModal({ user }: { user: User | null }) {
  const { t } = useMemberTranslation();
  const completedHere = useAppSelector(selectSignupCompletedHere);
  const [closed, setClosed] = useState(false);
  const { resend, state, error } = useResendActivation();
  if (!completedHere || closed || !needsActivation(user) || user === null) return null;
  return (
    <Modal
      open
      onClose={() => setClosed(true)}
      closeLabel={t('common.close')}
      title={t('banners.activation.title')}
      footer={
        <button
          type="button"
          className="btn btn-outline-primary"
          disabled={state === 'sending' || state === 'sent'}
          onClick={resend}
        >
          {state === 'sent' ? t('banners.activation.sent') : t('banners.activation.resend')}
        </button>
      }
    >
      <p className="mb-0" data-testid="activation-modal">
        {t('banners.activation.text', { email: user.email })}
      </p>
      {error ? (
        <p className="small text-danger mt-2 mb-0" role="alert">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}
