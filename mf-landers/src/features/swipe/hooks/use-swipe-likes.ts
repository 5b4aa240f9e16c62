import { useCallback } from 'react';
import {
  likesApi,
  toDisplayError,
  useAppDispatch,
  useLikeMutation,
  useSwipeStatusQuery,
} from '@dating/shared';

/**
 * The swipe game's 4 likes a day (docs/product/README.md, docs/product/constants.md), decided by the server in the site's time zone: swipe.php tells
 * what is left and when the next day starts; every like is `source: 'swipe'`, and the server refuses a 5th.
 */
export function useSwipeLikes(member: boolean) {
  const dispatch = useAppDispatch();
  const { data, isLoading, refetch } = useSwipeStatusQuery(undefined, { skip: !member });
  const [likeMutation] = useLikeMutation();
  const status = data || undefined;

  const like = useCallback(
    async (id: number): Promise<string | null> => {
      // Counted down at once so the game does not wait for the answer; the answer (or a refusal) sets it right.
      dispatch(
        likesApi.util.updateQueryData('swipeStatus', undefined, (draft) => {
          if (draft) draft.likes_left = Math.max(0, draft.likes_left - 1);
        }),
      );
      try {
        await likeMutation({ id, source: 'swipe' }).unwrap();
        return null;
      } catch (error) {
        void refetch();
        const display = toDisplayError(error as Parameters<typeof toDisplayError>[0]);
        return display?.message ?? null;
      }
    },
    [dispatch, likeMutation, refetch],
  );

  return { status, loading: member && isLoading, like, refresh: refetch };
}
