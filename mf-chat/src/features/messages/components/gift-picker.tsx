import { useTranslation } from 'react-i18next';
import { ErrorAlert, Modal, Spinner, type Gift } from '@dating/shared';
import { NS } from '../../../lib/i18n';
import { useGetGiftsQuery } from '../api/messages-api';
import styles from './composer.module.scss';

export function GiftPicker({
  open,
  onClose,
  onPick,
}: {
  open: boolean;
  onClose: () => void;
  onPick: (gift: Gift) => void;
}) {
  const { t } = useTranslation(NS);
  const { data, error, isLoading } = useGetGiftsQuery(undefined, { skip: !open });
  return (
    <Modal open={open} onClose={onClose} title={t('gifts.title')} closeLabel={t('gifts.close')}>
      {isLoading && <Spinner />}
      <ErrorAlert error={error} />
      {data && data.gifts.length === 0 && <p>{t('gifts.empty')}</p>}
      {data && (
        <ul className={styles.gifts}>
          {data.gifts.map((gift) => (
            <li key={gift.id}>
              <button type="button" onClick={() => onPick(gift)}>
                <img src={gift.image} alt="" width={64} height={64} />
                <span className="d-block">{gift.name}</span>
                <small className="text-muted">{t('gifts.cost', { credits: gift.credits })}</small>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
