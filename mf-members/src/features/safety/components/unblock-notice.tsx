import { useTranslation } from 'react-i18next';
import { ErrorAlert, useMemberUnblockMutation } from '@dating/shared';
import { NS } from '../../../lib/i18n';

/** What the blocker sees on a profile they blocked: the profile stays hidden, with a way back. */
export function UnblockNotice({ profileId }: { profileId: number }) {
  const { t } = useTranslation(NS);
  const [unblock, { isLoading, error }] = useMemberUnblockMutation();
  return (
    <div className="container py-5 text-center">
      <p>{t('block.blocked')}</p>
      <button
        type="button"
        className="btn btn-outline-primary"
        onClick={() => void unblock(profileId)}
        disabled={isLoading}
      >
        {t('block.unblock')}
      </button>
      <ErrorAlert error={error} className="mt-3" />
    </div>
  );
}
