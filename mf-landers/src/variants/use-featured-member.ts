import { useSite } from '../lib/site';
import { useGetMemberQuery } from '@dating/shared';

/**
 * The member a profile lander is about (null until known, or where visitors may not see profiles, docs/product/member-model.md), and
 * whether that is settled: true once the answer is in or there is nothing to ask.
 */
export function useFeaturedMember(memberId: number | undefined) {
  const { mayBrowse, known } = useSite();
  const skip = !mayBrowse || !memberId;
  const { data, isSuccess, isError } = useGetMemberQuery(memberId ?? 0, { skip });
  return { profile: data ? data.profile : null, settled: known && (skip || isSuccess || isError) };
}
