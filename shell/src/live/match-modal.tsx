import { useNavigate } from 'react-router-dom';
import { Modal, ProfilePhoto, useAppDispatch, useAppSelector } from '@dating/shared';
import { useMemberTranslation } from '../i18n/member-namespace';
import { matchModalClosed, selectMatch } from '../app/shell-slice';

/** A like became mutual (live `match` event, docs/adr/0008-live-channel.md): both members are told at once, in any layout. */
export function MatchModal() {
  const { t } = useMemberTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const match = useAppSelector(selectMatch);
  if (!match) return null;
  const close = () => dispatch(matchModalClosed());
  const go = (path: string) => {
    close();
    navigate(path);
  };
  return (
    <Modal
      open
      onClose={close}
      closeLabel={t('common.close')}
      title={t('matchModal.title')}
      size="sm"
      footer={
        <>
          <button
            type="button"
            className="btn btn-outline-primary"
            onClick={() => go(`/members/${match.id}`)}
          >
            {t('matchModal.profile')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => go(`/members/${match.id}/chat`)}
            data-testid="match-modal-chat"
          >
            {t('matchModal.chat')}
          </button>
        </>
      }
    >
      <div data-testid="match-modal">
        <ProfilePhoto
          profile={{ name: match.name, main_image: match.main_image }}
          size="match"
          square
          className="mb-3"
        />
        <p className="mb-0">{t('matchModal.text', { name: match.name })}</p>
      </div>
    </Modal>
  );
}
