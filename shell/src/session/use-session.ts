import { useGetChatsQuery, useGetLikesQuery, useGetSettingsQuery, type Settings } from '@dating/shared';

/** Settings are primed from the HTML before the first render, so they are always there. */
export function useSettings(): Settings {
  const { data } = useGetSettingsQuery();
  return data as Settings;
}

/** Unread messages and new likes of a member (0 for visitors, who have no subscription to these lists). */
export function useCounters(loggedIn: boolean) {
  const chats = useGetChatsQuery(undefined, { skip: !loggedIn });
  const likes = useGetLikesQuery(undefined, { skip: !loggedIn });
  const unread = chats.data ? chats.data.chats.reduce((sum, chat) => sum + chat.num_unread_messages, 0) : 0;
  const newLikes = likes.data ? likes.data.liked_by.filter((entry) => entry.like_new).length : 0;
  return {
    unread,
    newLikes,
    /** Chats and likes both loaded (the progress bar shows until then, docs/product/routes-and-layouts.md). */
    loaded: !loggedIn || (chats.data !== undefined && likes.data !== undefined),
    failed: chats.isError || likes.isError,
  };
}
