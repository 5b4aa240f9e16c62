import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert, Modal, useMemberBlockMutation } from '@dating/shared';
import { MEMBER_ACTIONS_NS } from './namespace';

export interface BlockDialogProps {
  profileId: number;
  name: string;
  onClose(): void;
  /**
   * After the block succeeded (the server removed the pair's conversations and likes). A conversation goes back
   * to the list; a profile just closes the dialog.
   */
  onBlocked(): void;
}

/**
 * Asks before blocking: a block removes the pair's chats and likes for both (docs/product/member-model.md) and cannot be undone for
 * those. Its own Suspense boundary: the page stays as it is while the dialog's texts load.
 */
export function BlockDialog(props: BlockDialogProps) {
  return (
    <Suspense fallback={null}>
      <BlockConfirm {...props} />
    </Suspense>
  );
}

function BlockConfirm({ profileId, name, onClose, onBlocked }: BlockDialogProps) {
  const { t } = useTranslation(MEMBER_ACTIONS_NS);
  const [block, { isLoading, error }] = useMemberBlockMutation();

  async function confirm() {
    const done = await block(profileId)
      .unwrap()
      .then(() => true)
      .catch(() => false);
    if (done) onBlocked();
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
