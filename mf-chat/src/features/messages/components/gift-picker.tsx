import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorAlert, Modal, Spinner, type Gift } from '@dating/shared';
import { NS } from '../../../lib/i18n';
import { useGetGiftsQuery } from '../api/messages-api';
import styles from './composer.module.scss';

/**
 * The gift catalogue. With the member's `balance`, a gift costing more is shown as out of reach (not pickable) and
 * the picker offers credits to buy, instead of a send that the server refuses.
 */
export function GiftPicker({
  open,
  onClose,
  onPick,
  balance = null,
  buyTo = '/credits',
}: {
  open: boolean;
  onClose: () => void;
  onPick: (gift: Gift) => void;
  balance?: number | null;
  buyTo?: string;
}) {
  const { t } = useTranslation(NS);
  const { data, error, isLoading } = useGetGiftsQuery(undefined, { skip: !open });
  const tooDear = (gift: Gift) => balance !== null && gift.credits > balance;
  return (
    <Modal open={open} onClose={onClose} title={t('gifts.title')} closeLabel={t('gifts.close')}>
      {isLoading && <Spinner />}
      <ErrorAlert error={error} />
      {data && data.gifts.length === 0 && <p>{t('gifts.empty')}</p>}
      {balance !== null && (
        <p className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <span data-testid="gifts-balance">{t('gifts.balance', { credits: Math.max(0, balance) })}</span>
          {data?.gifts.some(tooDear) && (
            <Link className="btn btn-sm btn-primary" to={buyTo} onClick={onClose}>
              {t('gifts.buy')}
            </Link>
          )}
        </p>
      )}
      {data && (
        <ul className={styles.gifts}>
          {data.gifts.map((gift) => (
            <li key={gift.id}>
              <button
                type="button"
                className={tooDear(gift) ? styles.tooDear : undefined}
                disabled={tooDear(gift)}
                onClick={() => onPick(gift)}
              >
                <img src={gift.image} alt="" width={64} height={64} />
                <span className="d-block">{gift.name}</span>
                <small className="text-muted">{t('gifts.cost', { credits: gift.credits })}</small>
                {tooDear(gift) && <small className="d-block text-danger">{t('gifts.tooFew')}</small>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
