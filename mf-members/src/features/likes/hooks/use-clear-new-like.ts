import { useEffect } from 'react';
import { coreApi, useAppDispatch, useAppSelector } from '@dating/shared';

const selectLikes = coreApi.endpoints.getLikes.select();

/** Opening a liked-by profile clears its new-like flag locally (SPEC §4), so the badge drops at once. */
export function useClearNewLike(profileId: number) {
  const dispatch = useAppDispatch();
  const isNew = useAppSelector((state) => {
    const likes = selectLikes(state).data;
    return Boolean(likes && likes.liked_by?.some((entry) => entry.profile.id === profileId && entry.like_new));
  });

  useEffect(() => {
    if (!isNew) return;
    dispatch(
      coreApi.util.updateQueryData('getLikes', undefined, (draft) => {
        for (const entry of draft.liked_by) {
          if (entry.profile.id === profileId) entry.like_new = false;
        }
      }),
    );
  }, [dispatch, isNew, profileId]);
}
