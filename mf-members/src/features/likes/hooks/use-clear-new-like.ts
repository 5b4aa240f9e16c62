import { useEffect } from 'react';
import { coreApi, useAppSelector } from '@dating/shared';
import { useMarkLikeSeen } from './use-mark-like-seen';

const selectLikes = coreApi.endpoints.getLikes.select();

/** Opening a liked-by profile clears its new-like flag, here and on the server (docs/product/member-model.md). */
export function useClearNewLike(profileId: number) {
  const markSeen = useMarkLikeSeen();
  const isNew = useAppSelector((state) => {
    const likes = selectLikes(state).data;
    return Boolean(
      likes && likes.liked_by?.some((entry) => entry.profile.id === profileId && entry.like_new),
    );
  });

  useEffect(() => {
    if (isNew) markSeen(profileId);
  }, [isNew, markSeen, profileId]);
}
