import {
  api,
  applyLiveEventToChatCache,
  coreApi,
  liveEventReceived,
  type AppDispatch,
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

/**
 * Applies one live event to the one RTK Query cache (docs/adr/0008-live-channel.md): lists the event carries are updated in
 * place (`updateQueryData`, for the chat through `applyLiveEventToChatCache`), the rest is refetched through its
 * tag. Badges, the title and the app badge derive
 * from these caches, so they follow without a state of their own. Afterwards `liveEventReceived` tells remotes.
 */
export function applyLiveEvent(dispatch: AppDispatch, getState: () => RootState, event: LiveEvent): void {
  switch (event.type) {
    // The chat's own cache rules (messages pages, chat list, read receipts, typing): mf-chat's contract in shared.
    case 'message':
    case 'read':
    case 'typing':
    case 'conversation_removed':
      applyLiveEventToChatCache(dispatch, event);
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
  }
  dispatch(liveEventReceived(event));
}
