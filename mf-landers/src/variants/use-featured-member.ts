import { useSite } from '../lib/site';
import { useGetMemberQuery } from '@dating/shared';

/** The member a profile lander is about (null until known, or where visitors may not see profiles, SPEC §6). */
export function useFeaturedMember(memberId: number | undefined) {
  const { mayBrowse } = useSite();
  const { data } = useGetMemberQuery(memberId ?? 0, { skip: !mayBrowse || !memberId });
  return data ? data.profile : null;
}
