import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  api,
  enablePush,
  pushStateAfter,
  useAppDispatch,
  pushSupported,
  readPushState,
  toDisplayError,
  useResendActivationMutation,
  type PushOutcome,
  type PushState,
  type User,
} from '@dating/shared';
import { useMemberTranslation } from '../i18n/member-namespace';
import { DISMISSAL_KEYS } from '../lib/dismissals';
import { useSettings } from '../session/use-session';
import { DismissibleAlert } from './dismissible-alert';
import {
  showActivationReminder,
  showDisabledNotificationsAlert,
  showProfilePhotoAlert,
  showPushAlert,
} from './rules';
import { useDismissal } from './use-dismissal';

/**
 * One alert of the stack: its place in the order (lower first), the short label of its one-tap chip and the alert
 * itself.
 */
export interface StackedAlert {
  id: string;
  priority: number;
  label: string;
  element: ReactNode;
  /** Concerns payment: the only kind shown on the credits, checkout and receipt pages. */
  payment?: boolean;
}

export function useProfilePhotoAlert(user: User | null, routeName: string): StackedAlert | null {
  const { t } = useMemberTranslation();
  const [dismissed, onDismiss] = useDismissal(DISMISSAL_KEYS.enrich);
  if (!showProfilePhotoAlert(user, routeName, dismissed)) return null;
  return {
    id: 'profile-photo',
    priority: ALERT_PRIORITY.profilePhoto,
    label: t('banners.profilePhoto.short'),
    element: (
      <DismissibleAlert variant="info" onDismiss={onDismiss} testId="profile-photo-alert">
        {t('banners.profilePhoto.text')}{' '}
        <Link to="/profile?tab=photos" className="alert-link">
          {t('banners.profilePhoto.action')}
        </Link>
      </DismissibleAlert>
    ),
  };
}

const OUTCOME_VARIANT: Record<PushOutcome['result'], 'success' | 'warning' | 'danger'> = {
  subscribed: 'success',
  denied: 'warning',
  unsupported: 'warning',
  dismissed: 'warning',
  failed: 'danger',
};

/** What switching push on ended in, said in words (it used to fail silently). */
export function PushOutcomeAlert({ outcome, onDismiss }: { outcome: PushOutcome; onDismiss(): void }) {
  const { t } = useMemberTranslation();
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

export function usePushOptInAlert(user: User | null, routeName: string): StackedAlert | null {
  const { t } = useMemberTranslation();
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
  if (outcome) {
    return {
      id: 'push',
      priority: ALERT_PRIORITY.pushOutcome,
      label: t('banners.push.short'),
      element: <PushOutcomeAlert outcome={outcome} onDismiss={() => setOutcome(null)} />,
    };
  }
  if (!pushSupported()) return null;
  if (!showPushAlert({ user, push, routeName, dismissed, publicKey: settings.push_public_key })) return null;
  const onEnable = async () => {
    setBusy(true);
    const result = await enablePush(settings.push_public_key);
    setPush(pushStateAfter(result));
    setOutcome(result);
    // user.push_subscribed (and with it the polling interval, docs/product/constants.md) follows the new subscription.
    if (result.result === 'subscribed') dispatch(api.util.invalidateTags(['User']));
    setBusy(false);
  };
  return {
    id: 'push',
    priority: ALERT_PRIORITY.push,
    label: t('banners.push.short'),
    element: (
      <DismissibleAlert variant="primary" onDismiss={onDismiss} testId="push-alert">
        {t('banners.push.text')}{' '}
        <button
          type="button"
          className="btn btn-sm btn-primary ms-1"
          disabled={busy}
          onClick={() => void onEnable()}
        >
          {t('banners.push.action')}
        </button>
      </DismissibleAlert>
    ),
  };
}

export function useDisabledNotificationsAlert(user: User | null, routeName: string): StackedAlert | null {
  const { t } = useMemberTranslation();
  const [dismissed, onDismiss] = useDismissal(DISMISSAL_KEYS.disabledNotifications);
  if (!showDisabledNotificationsAlert(user, routeName, dismissed)) return null;
  return {
    id: 'disabled-notifications',
    priority: ALERT_PRIORITY.disabledNotifications,
    label: t('banners.disabledNotifications.short'),
    element: (
      <DismissibleAlert variant="warning" onDismiss={onDismiss} testId="disabled-notifications-alert">
        {t('banners.disabledNotifications.text')}{' '}
        <Link to="/notifications" className="alert-link">
          {t('banners.disabledNotifications.action')}
        </Link>
      </DismissibleAlert>
    ),
  };
}

export type ResendState = 'idle' | 'sending' | 'sent' | 'failed';

/**
 * "Send the link again": the server allows one new link a minute and a few an hour, so a refusal shows its
 * translated reason (e.g. too many requests) instead of a bare failure.
 */
export function useResendActivation(): { resend(): void; state: ResendState; error: string | null } {
  const { t } = useMemberTranslation();
  const [send, { isLoading, isSuccess, error }] = useResendActivationMutation();
  const failure = toDisplayError(error);
  const state: ResendState = isLoading ? 'sending' : isSuccess ? 'sent' : failure ? 'failed' : 'idle';
  return {
    resend: () => void send(),
    state,
    error: failure ? (failure.message ?? t('banners.activation.failed')) : null,
  };
}

export function useActivationReminder(user: User | null, routeName: string): StackedAlert | null {
  const { t } = useMemberTranslation();
  const { resend, state, error } = useResendActivation();
  if (!showActivationReminder(user, routeName) || user === null) return null;
  return {
    id: 'activation',
    priority: ALERT_PRIORITY.activation,
    label: t('banners.activation.short'),
    element: (
      <DismissibleAlert variant="warning" testId="activation-reminder">
        {t('banners.activation.text', { email: user.email })}{' '}
        {state === 'sent' ? (
          <strong>{t('banners.activation.sent')}</strong>
        ) : (
          <button
            type="button"
            className="btn btn-sm btn-outline-dark ms-1"
            disabled={state === 'sending'}
            onClick={resend}
          >
            {t('banners.activation.resend')}
          </button>
        )}
        {error ? (
          <div className="small text-danger mt-1" role="alert">
            {error}
          </div>
        ) : null}
      </DismissibleAlert>
    ),
  };
}

/**
 * What matters most to the member right now comes first: without activation the profile stays hidden, mail that
 * bounces loses messages, a photo brings replies, a discount saves money, push is a convenience. The result of
 * switching push on was asked for a moment ago, so it is shown first.
 */
export const ALERT_PRIORITY = {
  pushOutcome: 0,
  activation: 1,
  disabledNotifications: 2,
  profilePhoto: 3,
  welcomeBonus: 4,
  push: 5,
} as const;

/** Phones (below Bootstrap's `sm`): the stack starts as one line. */
const PHONE_QUERY = '(max-width: 575.98px)';

function usePhone(): boolean {
  const [phone, setPhone] = useState(
    () =>
      typeof window !== 'undefined' &&
      typeof window.matchMedia === 'function' &&
      window.matchMedia(PHONE_QUERY).matches,
  );
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const query = window.matchMedia(PHONE_QUERY);
    const update = () => setPhone(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return phone;
}

/**
 * The member's alerts: at most one expanded, the most important; the others as a row of chips, each one tap from
 * being the expanded one. A closed alert makes room for the next. On a phone the stack starts as one compact line
 * (the most important alert's short label and how many more), which expands on a tap, so banners and alerts
 * together stay within a tenth of the first screen (docs/adr/0029-phone-first-banners-and-settings.md).
 */
export function AlertStack({
  alerts,
  paymentOnly = false,
}: {
  alerts: (StackedAlert | null)[];
  paymentOnly?: boolean;
}) {
  const { t } = useMemberTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  const [expanded, setExpanded] = useState(false);
  const phone = usePhone();
  const due = alerts
    .filter((alert): alert is StackedAlert => alert !== null && (!paymentOnly || alert.payment === true))
    .sort((a, b) => a.priority - b.priority);
  if (due.length === 0) return null;
  const open = due.find((alert) => alert.id === chosen) ?? due[0]!;
  const others = due.filter((alert) => alert !== open);
  if (phone && !expanded) {
    return (
      <div className="shell-alert-stack" data-testid="alert-stack">
        <button
          type="button"
          className="btn btn-sm btn-light border w-100 d-flex align-items-center gap-2 text-start"
          aria-expanded="false"
          data-testid="alert-line"
          onClick={() => setExpanded(true)}
        >
          <span className="flex-grow-1 text-truncate">{open.label}</span>
          {others.length > 0 ? (
            <span
              className="badge rounded-pill text-bg-secondary"
              aria-label={t('banners.more', { count: others.length })}
            >
              +{others.length}
            </span>
          ) : null}
          <span aria-hidden="true">▾</span>
        </button>
      </div>
    );
  }
  return (
    <div className="shell-alert-stack" data-testid="alert-stack">
      {open.element}
      {others.length > 0 || phone ? (
        <div
          className="shell-alert-chips"
          role="group"
          aria-label={t('banners.more', { count: others.length })}
        >
          {others.map((alert) => (
            <button
              key={alert.id}
              type="button"
              className="btn btn-sm btn-outline-secondary shell-alert-chip"
              data-testid={`alert-chip-${alert.id}`}
              onClick={() => setChosen(alert.id)}
            >
              {alert.label}
            </button>
          ))}
          {phone ? (
            <button
              type="button"
              className="btn btn-sm btn-link shell-alert-chip ms-auto"
              aria-expanded="true"
              data-testid="alert-collapse"
              onClick={() => setExpanded(false)}
            >
              {t('banners.collapse')} <span aria-hidden="true">▴</span>
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
