import { Avatar, useMemberUnblockMutation } from '@dating/shared';
import { FormAlert } from '../../../components/form-alert';
import { useErrorTexts } from '../../../lib/errors';
import { useGetAccountBlocksQuery } from '../api/blocks';
import styles from './blocked-members.module.scss';
import { useAccountTranslation } from '../../../lib/i18n';

export function BlockedMembers() {
  const { t } = useAccountTranslation();
  const errorTexts = useErrorTexts();
  const { data, error, isLoading } = useGetAccountBlocksQuery();
  const [unblock, unblockState] = useMemberUnblockMutation();
  if (isLoading)
    return <div className="spinner-border spinner-border-sm" role="status" aria-label={t('loading')} />;
  if (error || !data) return <FormAlert>{errorTexts.server(error)}</FormAlert>;
  if (data.blocks.length === 0) return <p className="mb-0">{t('blocks.none')}</p>;
  return (
    <>
      {unblockState.error ? <FormAlert>{errorTexts.server(unblockState.error)}</FormAlert> : null}
      <ul className={styles.blockedList}>
        {data.blocks.map(({ profile }) => (
          <li key={profile.id} className={styles.blockedItem}>
            <span className="d-flex align-items-center gap-2">
              <Avatar profile={profile} size={40} />
              {profile.name}
            </span>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              disabled={unblockState.isLoading}
              onClick={() => void unblock(profile.id)}
              aria-label={t('blocks.unblockName', { name: profile.name })}
            >
              {t('blocks.unblock')}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
