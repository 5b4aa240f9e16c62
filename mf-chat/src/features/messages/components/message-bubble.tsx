import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '@dating/shared';
import { NS } from '../../../lib/i18n';
import styles from './messages.module.scss';

/** What the sender sees under their own message (docs/product/calls-and-errors.md read state; the outbox states before the server has it). */
export type DeliveryState = 'waiting' | 'sending' | 'sent' | 'read' | 'failed';

export interface BubbleProps {
  message: Pick<ChatMessage, 'from_me' | 'type' | 'text' | 'gift' | 'photo' | 'sent_at'>;
  state?: DeliveryState;
  onRetry?: () => void;
  time: string;
}

function Body({ message }: { message: BubbleProps['message'] }) {
  const { t } = useTranslation(NS);
  if (message.type === 'gift' && message.gift) {
    return (
      <figure className={styles.gift}>
        <img src={message.gift.image} alt="" width={96} height={96} />
        <figcaption>{t('message.gift', { name: message.gift.name })}</figcaption>
      </figure>
    );
  }
  if (message.type === 'photo' && message.photo) {
    return (
      <a href={message.photo.url} target="_blank" rel="noreferrer" className={styles.photo}>
        <img
          src={message.photo.thumb_url}
          alt={t('message.photo')}
          width={Math.min(240, message.photo.width)}
          loading="lazy"
        />
      </a>
    );
  }
  return <p className={styles.text}>{message.text}</p>;
}

export function MessageBubble({ message, state, onRetry, time }: BubbleProps) {
  const { t } = useTranslation(NS);
  return (
    <li className={`${styles.row} ${message.from_me ? styles.mine : styles.theirs}`}>
      <div className={`${styles.bubble} ${state === 'failed' ? styles.failed : ''}`}>
        <Body message={message} />
        <span className={styles.meta}>
          <time dateTime={message.sent_at}>{time}</time>
          {state && <span data-state={state}> · {t(`message.${state}`)}</span>}
        </span>
      </div>
      {state === 'failed' && onRetry && (
        <button type="button" className="btn btn-link btn-sm p-0" onClick={onRetry}>
          {t('message.retry')}
        </button>
      )}
    </li>
  );
}
