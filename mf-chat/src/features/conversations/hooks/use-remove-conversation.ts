import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { coreApi, toDisplayError, useAppDispatch, useDeleteChatMutation } from '@dating/shared';
import { NS } from '../../../lib/i18n';

/**
 * Removes a conversation locally first, then on the server; on failure the error is shown in an alert and the
 * chat list reloaded from the server (docs/product/member-model.md, docs/product/calls-and-errors.md).
 */
export function useRemoveConversation() {
  const dispatch = useAppDispatch();
  const { t } = useTranslation(NS);
  const [deleteChat] = useDeleteChatMutation();

  return useCallback(
    async (conversationId: number) => {
      dispatch(
        coreApi.util.updateQueryData('getChats', undefined, (draft) => {
          draft.chats = draft.chats.filter((chat) => chat.conversation.id !== conversationId);
        }),
      );
      try {
        await deleteChat(conversationId).unwrap();
      } catch (error) {
        const display = toDisplayError(error as Parameters<typeof toDisplayError>[0]);
        window.alert(display?.message ?? t('errors.generic'));
        dispatch(coreApi.util.invalidateTags(['Chats']));
      }
    },
    [deleteChat, dispatch, t],
  );
}
