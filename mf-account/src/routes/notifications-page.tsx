import { useAccountTranslation } from '../lib/i18n';
import { Link } from 'react-router-dom';
import { useCurrentUser } from '@dating/shared';
import { Page } from '../components/page';
import { NotificationPreferences } from '../features/notifications/components/notification-preferences';
import { PushSettings } from '../features/notifications/components/push-settings';
import type { RemoteComponent } from '@dating/shared/remotes';

function NotificationsPage() {
  const { t } = useAccountTranslation();
  const user = useCurrentUser();
  return (
    <Page title={t('notifications.title')}>
      {user ? (
        <>
          <p>{t('notifications.intro')}</p>
          <NotificationPreferences />
          <PushSettings />
        </>
      ) : (
        <p>
          {t('needLogin')} <Link to="/login?redirect=/notifications">{t('login.submit')}</Link>
        </p>
      )}
    </Page>
  );
}

// The contract with the shell (shared/src/remotes.ts): checked when this remote is built.
export default NotificationsPage satisfies RemoteComponent<'mf_account/NotificationsPage'>;
