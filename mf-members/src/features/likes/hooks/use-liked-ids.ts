import { useCurrentUser } from '@dating/shared';
import { useMemo } from 'react';
import { useGetLikesQuery } from '@dating/shared';

const NONE: ReadonlySet<number> = new Set();

/** Ids of the members I like, from likes.php (the one source the shell polls), for hearts on cards. */
export function useLikedIds(): ReadonlySet<number> {
  const user = useCurrentUser();
  const { data } = useGetLikesQuery(undefined, { skip: !user });
  return useMemo(() => (data ? new Set(data.profiles.map((profile) => profile.id)) : NONE), [data]);
}
