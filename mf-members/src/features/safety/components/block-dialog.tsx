import { useTranslation } from 'react-i18next';
import { ErrorAlert, Modal, useMemberBlockMutation } from '@dating/shared';
import { NS } from '../../../lib/i18n';

interface BlockDialogProps {
  profileId: number;
  name: string;
  onClose(): void;
}

/** Asks before blocking: a block removes the pair's chats and likes for both (SPEC §4) and cannot be undone for those. */
export function BlockDialog({ profileId, name, onClose }: BlockDialogProps) {
  const { t } = useTranslation(NS);
  const [block, { isLoading, error }] = useMemberBlockMutation();

  async function confirm() {
    const done = await block(profileId)
      .unwrap()
      .then(() => true)
      .catch(() => false);
    if (done) onClose();
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={t('block.title', { name })}
      closeLabel={t('report.close')}
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t('report.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            onClick={() => void confirm()}
            disabled={isLoading}
          >
            {t('block.confirm')}
          </button>
        </>
      }
    >
      <p>{t('block.text', { name })}</p>
      <ErrorAlert error={error} />
    </Modal>
  );
}
