import { useEffect, useRef } from 'react';
import { chatApi, coreApi, useAppDispatch, type MessagesResponse } from '@dating/shared';
import { useMarkReadMutation } from '../api/messages-api';

/**
 * Loading the newest page marks the conversation read on the server. A message that arrives afterwards (live)
 * while the page is open and visible is read too: the server is told, and the caches agree at once.
 */
export function useReadWhileOpen(conversation: number | undefined, pages: MessagesResponse[] | undefined) {
  const dispatch = useAppDispatch();
  const [markRead] = useMarkReadMutation();
  const asked = useRef(0);
  const newestUnread = pages?.[0]?.messages.reduce(
    (newest, m) => (!m.from_me && m.read_at === null && m.id > newest ? m.id : newest),
    0,
  );

  useEffect(() => {
    if (conversation === undefined || !newestUnread || newestUnread <= asked.current) return undefined;
    const read = () => {
      if (document.visibilityState !== 'visible' || newestUnread <= asked.current) return;
      asked.current = newestUnread;
      const readAt = new Date().toISOString();
      dispatch(
        chatApi.util.updateQueryData('getMessages', conversation, (draft) => {
          for (const page of draft.pages)
            for (const m of page.messages) if (!m.from_me && m.read_at === null) m.read_at = readAt;
        }),
      );
      dispatch(
        coreApi.util.updateQueryData('getChats', undefined, (draft) => {
          const chat = draft.chats.find((entry) => entry.conversation.id === conversation);
          if (chat) chat.num_unread_messages = 0;
        }),
      );
      void markRead({ conversation });
    };
    read();
    document.addEventListener('visibilitychange', read);
    return () => document.removeEventListener('visibilitychange', read);
  }, [conversation, newestUnread, dispatch, markRead]);
}
