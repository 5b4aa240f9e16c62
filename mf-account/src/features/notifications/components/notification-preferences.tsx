import { NOTIFICATION_TYPES } from '@dating/shared';
import { FormAlert } from '../../../components/form-alert';
import { useErrorTexts } from '../../../lib/errors';
import { useGetAccountNotificationsQuery, useUpdateAccountNotificationsMutation } from '../api/notifications';
import { useAccountTranslation } from '../../../lib/i18n';

/** The 8 email notification types of docs/product/notifications.md; each switch saves at once. */
export function NotificationPreferences() {
  const { t } = useAccountTranslation();
  const errorTexts = useErrorTexts();
  const { data, error, isLoading } = useGetAccountNotificationsQuery();
  const [update, updateState] = useUpdateAccountNotificationsMutation();

  if (isLoading) return <div className="spinner-border" role="status" aria-label={t('loading')} />;
  if (error || !data) return <FormAlert>{errorTexts.server(error)}</FormAlert>;

  return (
    <div>
      {data.disabled_reason ? (
        <FormAlert kind="warning">
          <p className="mb-2">{t(`notifications.disabled.${data.disabled_reason}`, { email: data.email })}</p>
          <button
            type="button"
            className="btn btn-sm btn-warning"
            disabled={updateState.isLoading}
            onClick={() => void update({ reenable: true })}
          >
            {t('notifications.reenable')}
          </button>
        </FormAlert>
      ) : null}
      {updateState.error ? <FormAlert>{errorTexts.server(updateState.error)}</FormAlert> : null}
      <fieldset>
        <legend className="visually-hidden">{t('notifications.title')}</legend>
        {NOTIFICATION_TYPES.map((type) => {
          const off = data.disabled.includes(type);
          return (
            <div className="form-check form-switch mb-2" key={type}>
              <input
                className="form-check-input"
                type="checkbox"
                role="switch"
                id={`notification-${type}`}
                checked={data.preferences[type] && !off}
                disabled={updateState.isLoading || off}
                onChange={(event) => void update({ preferences: { [type]: event.target.checked } })}
              />
              <label className="form-check-label" htmlFor={`notification-${type}`}>
                {t(`notifications.types.${type}`)}
              </label>
            </div>
          );
        })}
      </fieldset>
    </div>
  );
}
