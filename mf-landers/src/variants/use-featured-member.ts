import { useSite } from '../lib/site';
import { useGetLanderMemberQuery } from '../features/lander/api/get-lander-profiles';

/** The member a profile lander is about (null until known, or where visitors may not see profiles, SPEC §6). */
export function useFeaturedMember(memberId: number | undefined) {
  const { mayBrowse } = useSite();
  const { data } = useGetLanderMemberQuery(memberId ?? 0, { skip: !mayBrowse || !memberId });
  return data ? data.profile : null;
}
