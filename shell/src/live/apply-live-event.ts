import {
  api,
  coreApi,
  liveEventReceived,
  type AppDispatch,
  type ChatEntry,
  type ChatsResponse,
  type LikesResponse,
  type LiveEvent,
  type RootState,
} from '@dating/shared';

/** The badge counts as the cache has them: the same sums the navigation and the title show. */
export function unreadInCache(chats: ChatsResponse | undefined): number | undefined {
  return chats?.chats.reduce((sum, chat) => sum + chat.num_unread_messages, 0);
}
export function newLikesInCache(likes: LikesResponse | undefined): number | undefined {
  return likes?.liked_by.filter((entry) => entry.like_new).length;
}

/** Newest conversation first, as `GET /api/chats.php` answers. */
function withChat(chats: ChatEntry[], chat: ChatEntry): ChatEntry[] {
  const others = chats.filter((entry) => entry.conversation.id !== chat.conversation.id);
  return [chat, ...others].sort((a, b) => b.conversation.updated_at.localeCompare(a.conversation.updated_at));
}

/**
 * Applies one live event to the one RTK Query cache (ARCHITECTURE §7b): lists the event carries are updated in
 * place (`updateQueryData`), the rest is refetched through its tag. Badges, the title and the app badge derive
 * from these caches, so they follow without a state of their own. Afterwards `liveEventReceived` tells remotes.
 */
export function applyLiveEvent(dispatch: AppDispatch, getState: () => RootState, event: LiveEvent): void {
  switch (event.type) {
    case 'message':
      dispatch(
        coreApi.util.updateQueryData('getChats', undefined, (draft) => {
          draft.chats = withChat(draft.chats, event.chat);
        }),
      );
      dispatch(api.util.invalidateTags([{ type: 'Messages', id: event.conversation }]));
      break;
    case 'read':
      dispatch(api.util.invalidateTags([{ type: 'Messages', id: event.conversation }]));
      break;
    case 'conversation_removed':
      dispatch(
        coreApi.util.updateQueryData('getChats', undefined, (draft) => {
          draft.chats = draft.chats.filter((entry) => entry.conversation.id !== event.conversation);
        }),
      );
      dispatch(api.util.invalidateTags([{ type: 'Messages', id: event.conversation }]));
      break;
    case 'like':
    case 'match':
    case 'likes_changed':
      dispatch(api.util.invalidateTags(['Likes']));
      break;
    case 'counters': {
      dispatch(
        coreApi.util.updateQueryData('getUser', undefined, (draft) => {
          if (draft.user) {
            draft.user.credits = event.credits;
            draft.user.paid_user = event.paid_user;
          }
        }),
      );
      // The badges stay derived from the lists: when the server counts differently, the list is what is stale.
      const state = getState();
      const unread = unreadInCache(coreApi.endpoints.getChats.select()(state).data);
      if (unread !== undefined && unread !== event.unread_messages)
        dispatch(api.util.invalidateTags(['Chats']));
      const newLikes = newLikesInCache(coreApi.endpoints.getLikes.select()(state).data);
      if (newLikes !== undefined && newLikes !== event.new_likes)
        dispatch(api.util.invalidateTags(['Likes']));
      break;
    }
    case 'typing':
      break;
  }
  dispatch(liveEventReceived(event));
}
