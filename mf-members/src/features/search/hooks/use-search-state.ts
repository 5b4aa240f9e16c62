import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  searchDefaults,
  useCurrentUser,
  useGetSettingsQuery,
  type Gender,
  type MembersQuery,
} from '@dating/shared';
import { PAGE_SIZE } from '../../../lib/profile-options';

const GENDERS: readonly string[] = ['male', 'female'];
/** In the URL: the member chose every gender (no `gender` at all means the member's default). */
export const ANY_GENDER = 'any';

function toNumber(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : undefined;
}

/**
 * The member search state of docs/product/member-model.md lives in the URL query, so it survives reloads and can be
 * shared. A member's search starts from `searchDefaults` (whom they are looking for, the site's niche, nearest
 * first); what the member widens is written to the URL (`gender=any`, `mutual=0`).
 */
export function useSearchState() {
  const [params, setParams] = useSearchParams();
  const user = useCurrentUser();
  const { data: settings } = useGetSettingsQuery();
  const defaults = useMemo(
    () => (user && settings ? searchDefaults(user.profile, settings.niche) : undefined),
    [user, settings],
  );

  const query = useMemo<MembersQuery>(() => {
    const gender = params.get('gender');
    const result: MembersQuery = {
      pageNumber: toNumber(params.get('pageNumber')) ?? 1,
      numResults: toNumber(params.get('numResults')) ?? PAGE_SIZE,
    };
    if (gender && GENDERS.includes(gender)) result.gender = gender as Gender;
    else if (gender === null && defaults?.gender) result.gender = defaults.gender;
    if (defaults) {
      result.mutual = params.get('mutual') !== '0';
      result.near = true;
    }
    const country = params.get('country');
    if (country) result.country = country;
    const region = params.get('countryregion');
    if (region) result.countryregion = region;
    const minAge = toNumber(params.get('min_age'));
    if (minAge) result.min_age = minAge;
    const maxAge = toNumber(params.get('max_age'));
    if (maxAge) result.max_age = maxAge;
    return result;
  }, [params, defaults]);

  const update = useCallback(
    (next: MembersQuery) => {
      const search = new URLSearchParams();
      const { gender, mutual, near: _near, ...rest } = next;
      search.set('gender', gender ?? ANY_GENDER);
      if (mutual === false) search.set('mutual', '0');
      for (const [key, value] of Object.entries(rest)) {
        if (value !== undefined && value !== '') search.set(key, String(value));
      }
      setParams(search);
    },
    [setParams],
  );

  // `ready`: a member's defaults are known (the first search waits for them rather than showing everyone first).
  return { query, update, member: Boolean(defaults), ready: user === null || Boolean(defaults) };
}
