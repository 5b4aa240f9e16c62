import { useEffect } from 'react';
import { coreApi, useAppDispatch } from '@dating/shared';

/** Opening a conversation zeroes its unread count in the chats cache (docs/product/member-model.md), so badges drop at once. */
export function useMarkRead(conversationId: number | undefined, unread: number) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (conversationId === undefined || unread === 0) return;
    dispatch(
      coreApi.util.updateQueryData('getChats', undefined, (draft) => {
        const chat = draft.chats.find((entry) => entry.conversation.id === conversationId);
        if (chat) chat.num_unread_messages = 0;
      }),
    );
  }, [conversationId, dispatch, unread]);
}
