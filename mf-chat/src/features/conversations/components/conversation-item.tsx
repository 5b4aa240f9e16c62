import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Avatar, formatBadge, type ChatEntry } from '@dating/shared';
import { NS } from '../../../lib/i18n';
import { formatChatTime } from '../../../lib/format-time';
import styles from './conversation-list.module.scss';

interface ConversationItemProps {
  chat: ChatEntry;
  active: boolean;
  compact: boolean;
  onRemove: (conversationId: number) => void;
}

function usePreview(chat: ChatEntry): string {
  const { t } = useTranslation(NS);
  const message = chat.last_message;
  if (!message) return t('list.noMessages');
  const body = message.type === 'text' ? (message.text ?? t('list.text')) : t(`list.${message.type}`);
  return message.from_me ? t('list.fromMe', { text: body }) : body;
}

export function ConversationItem({ chat, active, compact, onRemove }: ConversationItemProps) {
  const { t, i18n } = useTranslation(NS);
  const [confirming, setConfirming] = useState(false);
  const preview = usePreview(chat);
  const unread = chat.num_unread_messages;
  const sentAt = chat.last_message?.sent_at ?? chat.conversation.updated_at;

  return (
    <li className={`${styles.item} ${active ? styles.active : ''} ${unread > 0 ? styles.unread : ''}`}>
      <Link
        to={`/chats/${chat.conversation.id}`}
        className={styles.link}
        aria-current={active ? 'page' : undefined}
      >
        <Avatar profile={chat.profile} size={compact ? 40 : 48} />
        <span className={styles.text}>
          <span className={styles.top}>
            <span className={styles.name}>{chat.profile.name}</span>
            <time className={styles.time} dateTime={sentAt}>
              {formatChatTime(sentAt, i18n.language)}
            </time>
          </span>
          <span className={styles.bottom}>
            <span className={styles.preview}>{preview}</span>
            {unread > 0 && (
              <span className={styles.badge} aria-label={t('list.unread', { number: unread })}>
                {formatBadge(unread)}
              </span>
            )}
          </span>
        </span>
      </Link>
      {!compact &&
        (confirming ? (
          <span className={styles.confirm}>
            <button
              type="button"
              className="btn btn-sm btn-danger"
              onClick={() => {
                setConfirming(false);
                onRemove(chat.conversation.id);
              }}
            >
              {t('list.removeConfirm')}
            </button>
            <button type="button" className="btn btn-sm btn-link" onClick={() => setConfirming(false)}>
              {t('list.cancel')}
            </button>
          </span>
        ) : (
          <button
            type="button"
            className={styles.remove}
            aria-label={t('list.remove', { name: chat.profile.name })}
            onClick={() => setConfirming(true)}
          >
            <span aria-hidden="true">✕</span>
          </button>
        ))}
    </li>
  );
}
