import { useCallback } from 'react';
import { coreApi, useAppDispatch, useLikeSeenMutation } from '@dating/shared';

/**
 * Opening a liked-by profile clears its new-like flag (docs/product/member-model.md): at once in the cache, so the badge drops, and on
 * the server (like-seen.php), so the count stays down after the next poll and in the member's other tabs.
 */
export function useMarkLikeSeen() {
  const dispatch = useAppDispatch();
  const [markSeen] = useLikeSeenMutation();
  return useCallback(
    (profileId: number) => {
      dispatch(
        coreApi.util.updateQueryData('getLikes', undefined, (draft) => {
          for (const entry of draft.liked_by) if (entry.profile.id === profileId) entry.like_new = false;
        }),
      );
      void markSeen(profileId);
    },
    [dispatch, markSeen],
  );
}
