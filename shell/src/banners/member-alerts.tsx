import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  api, enablePush, pushStateAfter, useAppDispatch, pushSupported, readPushState, toDisplayError, useResendActivationMutation, type PushOutcome, type PushState, type User,
} from '@dating/shared';
import { DISMISSAL_KEYS } from '../lib/dismissals';
import { useSettings } from '../session/use-session';
import { DismissibleAlert } from './dismissible-alert';
import {
  showActivationReminder, showDisabledNotificationsAlert, showProfilePhotoAlert, showPushAlert,
} from './rules';
import { useDismissal } from './use-dismissal';

export function ProfilePhotoAlert({ user, routeName }: { user: User | null; routeName: string }) {
  const { t } = useTranslation();
  const [dismissed, onDismiss] = useDismissal(DISMISSAL_KEYS.enrich);
  if (!showProfilePhotoAlert(user, routeName, dismissed)) return null;
  return (
    <DismissibleAlert variant="info" onDismiss={onDismiss} testId="profile-photo-alert">
      {t('banners.profilePhoto.text')}{' '}
      <Link to="/profile" className="alert-link">{t('banners.profilePhoto.action')}</Link>
    </DismissibleAlert>
  );
}

const OUTCOME_VARIANT: Record<PushOutcome['result'], 'success' | 'warning' | 'danger'> = {
  subscribed: 'success',
  denied: 'warning',
  unsupported: 'warning',
  dismissed: 'warning',
  failed: 'danger',
};

/** What switching push on ended in, said in words (issue 15, item 7: it used to fail silently). */
export function PushOutcomeAlert({ outcome, onDismiss }: { outcome: PushOutcome; onDismiss(): void }) {
  const { t } = useTranslation();
  const text =
    outcome.result === 'failed'
      ? t('banners.push.result.failed', { reason: outcome.reason })
      : t(`banners.push.result.${outcome.result}`);
  return (
    <DismissibleAlert variant={OUTCOME_VARIANT[outcome.result]} onDismiss={onDismiss} testId="push-result">
      {text}
    </DismissibleAlert>
  );
}

export function PushOptInAlert({ user, routeName }: { user: User | null; routeName: string }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const [dismissed, onDismiss] = useDismissal(DISMISSAL_KEYS.push);
  const [push, setPush] = useState<PushState>('unknown');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<PushOutcome | null>(null);
  const dispatch = useAppDispatch();
  const subscribedOnServer = user !== null && user.push_subscribed === true;
  useEffect(() => {
    if (!pushSupported()) {
      setPush('unsupported');
      return;
    }
    let active = true;
    void readPushState(subscribedOnServer).then((state) => active && setPush(state));
    return () => {
      active = false;
    };
  }, [subscribedOnServer]);
  if (outcome) return <PushOutcomeAlert outcome={outcome} onDismiss={() => setOutcome(null)} />;
  if (!pushSupported()) return null;
  if (!showPushAlert({ user, push, routeName, dismissed, publicKey: settings.push_public_key })) return null;
  const onEnable = async () => {
    setBusy(true);
    const result = await enablePush(settings.push_public_key);
    setPush(pushStateAfter(result));
    setOutcome(result);
    // user.push_subscribed (and with it the polling interval, SPEC §9) follows the new subscription.
    if (result.result === 'subscribed') dispatch(api.util.invalidateTags(['User']));
    setBusy(false);
  };
  return (
    <DismissibleAlert variant="primary" onDismiss={onDismiss} testId="push-alert">
      {t('banners.push.text')}{' '}
      <button type="button" className="btn btn-sm btn-primary ms-1" disabled={busy} onClick={() => void onEnable()}>
        {t('banners.push.action')}
      </button>
    </DismissibleAlert>
  );
}

export function DisabledNotificationsAlert({ user, routeName }: { user: User | null; routeName: string }) {
  const { t } = useTranslation();
  const [dismissed, onDismiss] = useDismissal(DISMISSAL_KEYS.disabledNotifications);
  if (!showDisabledNotificationsAlert(user, routeName, dismissed)) return null;
  return (
    <DismissibleAlert variant="warning" onDismiss={onDismiss} testId="disabled-notifications-alert">
      {t('banners.disabledNotifications.text')}{' '}
      <Link to="/notifications" className="alert-link">{t('banners.disabledNotifications.action')}</Link>
    </DismissibleAlert>
  );
}

export type ResendState = 'idle' | 'sending' | 'sent' | 'failed';

/**
 * "Send the link again": the server allows one new link a minute and a few an hour, so a refusal shows its
 * translated reason (e.g. too many requests) instead of a bare failure.
 */
export function useResendActivation(): { resend(): void; state: ResendState; error: string | null } {
  const { t } = useTranslation();
  const [send, { isLoading, isSuccess, error }] = useResendActivationMutation();
  const failure = toDisplayError(error);
  const state: ResendState = isLoading ? 'sending' : isSuccess ? 'sent' : failure ? 'failed' : 'idle';
  return {
    resend: () => void send(),
    state,
    error: failure ? (failure.message ?? t('banners.activation.failed')) : null,
  };
}

export function ActivationReminder({ user, routeName }: { user: User | null; routeName: string }) {
  const { t } = useTranslation();
  const { resend, state, error } = useResendActivation();
  if (!showActivationReminder(user, routeName) || user === null) return null;
  return (
    <DismissibleAlert variant="warning" testId="activation-reminder">
      {t('banners.activation.text', { email: user.email })}{' '}
      {state === 'sent' ? (
        <strong>{t('banners.activation.sent')}</strong>
      ) : (
        <button type="button" className="btn btn-sm btn-outline-dark ms-1" disabled={state === 'sending'} onClick={resend}>
          {t('banners.activation.resend')}
        </button>
      )}
      {error ? <div className="small text-danger mt-1" role="alert">{error}</div> : null}
    </DismissibleAlert>
  );
}
