import { useGetUserQuery, type User } from '@dating/shared';

/** The logged-in member, or null for a visitor (the shell primes user.php from the HTML). */
export function useCurrentUser(): User | null {
  const { data } = useGetUserQuery();
  return data?.user || null;
}
