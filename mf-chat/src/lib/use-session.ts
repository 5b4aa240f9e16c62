import { useGetUserQuery, type User } from '@dating/shared';

/**
 * The member, null for a visitor, undefined while unknown. Chat calls are made for members only: for a visitor the
 * server answers 403 and the shell would log out a session that does not exist.
 */
export function useSession(): User | null | undefined {
  const { data } = useGetUserQuery();
  if (!data) return undefined;
  return data.user || null;
}
