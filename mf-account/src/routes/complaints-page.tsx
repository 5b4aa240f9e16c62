import { useAccountTranslation } from '../lib/i18n';
import { useSearchParams } from 'react-router-dom';
import { useCurrentUser } from '@dating/shared';
import { Page } from '../components/page';
import { ComplaintForm } from '../features/complaints/components/complaint-form';
import type { RemoteComponent } from '@dating/shared/remotes';

function ComplaintsPage() {
  const { t } = useAccountTranslation();
  const user = useCurrentUser() ?? null;
  const [params] = useSearchParams();
  return (
    <Page title={t('complaints.title')}>
      <p>{t('complaints.intro')}</p>
      <ComplaintForm
        key={user ? user.profile.id : 0}
        initialName={user?.profile.name ?? ''}
        initialEmail={user?.email ?? ''}
        initialUrl={params.get('url') ?? ''}
      />
    </Page>
  );
}

// The contract with the shell (shared/src/remotes.ts): checked when this remote is built.
export default ComplaintsPage satisfies RemoteComponent<'mf_account/ComplaintsPage'>;
