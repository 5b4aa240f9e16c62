import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage, MessagesResponse } from '@dating/shared';
import { NS } from '../../../lib/i18n';
import { formatChatTime } from '../../../lib/format-time';
import type { OutboxItem } from '../outbox/outbox-slice';
import { MessageBubble, type DeliveryState } from './message-bubble';
import styles from './messages.module.scss';

/** Older messages load when the member scrolls this close to the top. */
const LOAD_OLDER_PX = 120;
/** Counts as "reading the newest": a new message then scrolls into view. */
const NEAR_BOTTOM_PX = 150;

export interface MessageListProps {
  label: string;
  /** `getMessages` pages: newest page first, each oldest first. */
  pages: MessagesResponse[];
  pending: OutboxItem[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRetry: (clientId: string) => void;
  online: boolean;
  /** Above the first message (the fictional-profile warning, an invitation to start). */
  top?: ReactNode;
  /** Below the last message (typing indicator). */
  bottom?: ReactNode;
}

function stateOf(message: ChatMessage): DeliveryState | undefined {
  if (!message.from_me) return undefined;
  return message.read_at ? 'read' : 'sent';
}

function pendingState(item: OutboxItem, online: boolean): DeliveryState {
  if (item.status === 'failed') return 'failed';
  if (item.status === 'queued' && !online) return 'waiting';
  return 'sending';
}

/**
 * The conversation, oldest at the top and newest at the bottom. Loading an older page keeps what the member was
 * looking at in place; a new message at the bottom scrolls into view when the member was at the bottom already
 * (or wrote it).
 */
export function MessageList(props: MessageListProps) {
  const { pages, pending, hasOlder, loadingOlder, onLoadOlder, onRetry, online } = props;
  const { i18n, t } = useTranslation(NS);
  const scroller = useRef<HTMLDivElement>(null);
  const before = useRef<{ height: number; top: number; pages: number; count: number } | null>(null);

  const messages = [...pages].reverse().flatMap((page) => page.messages);
  const acknowledged = new Set(messages.map((m) => m.client_id).filter(Boolean));
  const waiting = pending.filter((item) => !acknowledged.has(item.client_id));
  const count = messages.length + waiting.length;

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const last = before.current;
    if (!last) el.scrollTop = el.scrollHeight;
    else if (pages.length > last.pages) el.scrollTop = el.scrollHeight - last.height + last.top;
    else if (count > last.count && last.height - last.top - el.clientHeight < NEAR_BOTTOM_PX)
      el.scrollTop = el.scrollHeight;
    else if (count > last.count && waiting.length > 0) el.scrollTop = el.scrollHeight;
    before.current = { height: el.scrollHeight, top: el.scrollTop, pages: pages.length, count };
  }, [pages.length, count, waiting.length]);

  const loadOlder = () => {
    if (!hasOlder || loadingOlder) return;
    onLoadOlder();
  };

  return (
    <div
      ref={scroller}
      className={styles.scroller}
      onScroll={(event) => {
        const el = event.currentTarget;
        if (before.current)
          before.current = { ...before.current, height: el.scrollHeight, top: el.scrollTop };
        if (el.scrollTop < LOAD_OLDER_PX) loadOlder();
      }}
    >
      {hasOlder && (
        <div className={styles.older}>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={loadOlder}
            disabled={loadingOlder}
          >
            {loadingOlder ? t('conversation.loadingOlder') : t('conversation.loadOlder')}
          </button>
        </div>
      )}
      {props.top}
      <ol className={styles.list} aria-label={props.label} aria-live="polite" aria-relevant="additions">
        {messages.map((message) => (
          <MessageBubble
            key={message.client_id ?? `id-${message.id}`}
            message={message}
            state={stateOf(message)}
            time={formatChatTime(message.sent_at, i18n.language)}
          />
        ))}
        {waiting.map((item) => (
          <MessageBubble
            key={item.client_id}
            message={{ ...item, from_me: true, sent_at: item.created_at }}
            state={pendingState(item, online)}
            time={formatChatTime(item.created_at, i18n.language)}
            onRetry={() => onRetry(item.client_id)}
          />
        ))}
      </ol>
      {props.bottom}
    </div>
  );
}
