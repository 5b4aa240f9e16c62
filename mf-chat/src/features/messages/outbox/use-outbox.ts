import { useCallback, useEffect } from 'react';
import { useAppSelector, useAppStore } from '@dating/shared';
import { pumpOutbox } from './pump-outbox';
import { messageQueued, retryRequested, selectOutbox, type OutboxItem } from './outbox-slice';

type NewMessage = Omit<OutboxItem, 'status' | 'error' | 'client_id' | 'created_at'>;

const newClientId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** Queues messages and keeps the pump going: at once, and again whenever the browser is back online. */
export function useOutbox() {
  const store = useAppStore();
  const items = useAppSelector(selectOutbox);

  useEffect(() => {
    const wake = () => void pumpOutbox(store);
    wake();
    window.addEventListener('online', wake);
    return () => window.removeEventListener('online', wake);
  }, [store]);

  const send = useCallback(
    (message: NewMessage) => {
      store.dispatch(
        messageQueued({ ...message, client_id: newClientId(), created_at: new Date().toISOString() }),
      );
      void pumpOutbox(store);
    },
    [store],
  );
  const retry = useCallback(
    (clientId: string) => {
      store.dispatch(retryRequested(clientId));
      void pumpOutbox(store);
    },
    [store],
  );
  return { items, send, retry };
}
