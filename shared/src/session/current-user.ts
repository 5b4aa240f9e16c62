import type { User } from '../contract';
import { useGetUserQuery } from '../api/core-endpoints';

/**
 * The one current-user hook of every app: the member, `null` for a visitor, `undefined` until user.php has
 * answered. The shell primes user.php from the HTML and keeps it fresh (polling, live events, 403 logout), so in the
 * site it is known at the first render; remotes read it, they do not fetch it themselves.
 */
export function useCurrentUser(): User | null | undefined {
  const { data } = useGetUserQuery();
  return data === undefined ? undefined : data.user || null;
}
