import { useEffect, useState } from 'react';
import {
  api,
  enablePush,
  pushStateAfter,
  readPushState,
  useGetSettingsQuery,
  useAppDispatch,
  type PushOutcome,
  type PushState,
  useCurrentUser,
} from '@dating/shared';
import { FormAlert } from '../../../components/form-alert';
import { useAccountTranslation } from '../../../lib/i18n';

const OUTCOME_KIND: Record<PushOutcome['result'], 'success' | 'warning' | 'danger'> = {
  subscribed: 'success',
  denied: 'warning',
  unsupported: 'warning',
  dismissed: 'warning',
  failed: 'danger',
};

/**
 * Push in this browser (docs/product/notifications.md states: subscribed, denied, not subscribed; unsupported), with a button to switch
 * it on that says what happened, including why it failed.
 */
export function PushSettings() {
  const { t } = useAccountTranslation();
  const dispatch = useAppDispatch();
  const { data: settings } = useGetSettingsQuery();
  const user = useCurrentUser();
  const subscribedOnServer = Boolean(user && user.push_subscribed);
  const [state, setState] = useState<PushState>('unknown');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<PushOutcome | null>(null);

  useEffect(() => {
    let active = true;
    void readPushState(subscribedOnServer).then((s) => active && setState(s));
    return () => {
      active = false;
    };
  }, [subscribedOnServer]);

  const onEnable = async () => {
    setBusy(true);
    const result = await enablePush(settings?.push_public_key ?? '');
    setOutcome(result);
    setState(pushStateAfter(result));
    // The user's push_subscribed (and the shell's polling interval, docs/product/constants.md) follow the new subscription.
    if (result.result === 'subscribed') dispatch(api.util.invalidateTags(['User']));
    setBusy(false);
  };

  const canEnable = (state === 'unknown' || state === 'not_subscribed') && Boolean(settings?.push_public_key);
  return (
    <section
      aria-labelledby="push-settings-title"
      className="mb-4"
      data-testid="push-settings"
      data-state={state}
    >
      <h2 id="push-settings-title" className="h5">
        {t('notifications.push.title')}
      </h2>
      {state !== 'unknown' ? <p>{t(`notifications.push.state.${state}`)}</p> : null}
      {outcome ? (
        <FormAlert kind={OUTCOME_KIND[outcome.result]}>
          {outcome.result === 'failed'
            ? t('notifications.push.result.failed', { reason: outcome.reason })
            : t(`notifications.push.result.${outcome.result}`)}
        </FormAlert>
      ) : null}
      {canEnable ? (
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void onEnable()}>
          {t('notifications.push.action')}
        </button>
      ) : null}
    </section>
  );
}
