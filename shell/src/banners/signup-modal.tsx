import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal, signupClosed, useAppDispatch, useAppSelector } from '@dating/shared';
import type { SignupFormProps } from '@dating/shared/remotes';
import { selectSignupModal } from '../app/shell-slice';
import { RemoteModule } from '../remotes/remote-module';
import type { RemoteTarget } from '../remotes/remote-loader';

const SIGNUP_FORM: RemoteTarget<'mf_account/SignupForm'> = { remote: 'mf_account', module: 'SignupForm' };

/**
 * Opened by `signupModalOpened` from any app; shows mf_account's SignupForm. While signup is in progress
 * (`signupStarted` … `signupFinished`) neither the backdrop nor Escape closes it; `signupClosed` and
 * `redirectedToLogin` close it.
 */
export function SignupModal() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const modal = useAppSelector(selectSignupModal);
  const close = useCallback(() => dispatch(signupClosed()), [dispatch]);
  if (!modal.open) return null;
  return (
    // At the top, not centred: the form arrives from mf-account after the modal opens, and a centred dialog would
    // move up by half of what the form adds (a layout shift of the whole dialog, CLS 0.34 on a phone).
    <Modal
      open
      centered={false}
      locked={modal.inProgress}
      onClose={close}
      closeLabel={modal.inProgress ? undefined : t('common.close')}
      title={t('signupModal.title')}
    >
      <div data-testid="signup-modal">
        <RemoteModule
          target={SIGNUP_FORM}
          props={
            {
              onDone: close,
              source: modal.source,
              profileId: modal.profile?.id,
              profileName: modal.profile?.name,
              message: modal.message ?? undefined,
            } satisfies SignupFormProps
          }
          compact
        />
      </div>
    </Modal>
  );
}
