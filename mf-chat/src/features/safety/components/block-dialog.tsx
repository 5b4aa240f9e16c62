import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ErrorAlert, Modal, useMemberBlockMutation } from '@dating/shared';
import { NS } from '../../../lib/i18n';

interface BlockDialogProps {
  profileId: number;
  name: string;
  onClose(): void;
}

/**
 * Asks before blocking from a conversation. The server removes the pair's conversations and likes and tells both
 * members' open tabs (`conversation_removed`, the shell's live client); the mutation reloads this tab's chat list,
 * and the member goes back to the list, where this conversation no longer is.
 */
export function BlockDialog({ profileId, name, onClose }: BlockDialogProps) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const [block, { isLoading, error }] = useMemberBlockMutation();

  async function confirm() {
    const done = await block(profileId)
      .unwrap()
      .then(() => true)
      .catch(() => false);
    if (done) navigate('/chats', { replace: true });
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={t('safety.block.title', { name })}
      closeLabel={t('safety.report.close')}
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t('safety.report.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            onClick={() => void confirm()}
            disabled={isLoading}
          >
            {t('safety.block.confirm')}
          </button>
        </>
      }
    >
      <p>{t('safety.block.text', { name })}</p>
      <ErrorAlert error={error} />
    </Modal>
  );
}
