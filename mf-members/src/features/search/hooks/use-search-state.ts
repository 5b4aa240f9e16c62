import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Gender, MembersQuery } from '@dating/shared';
import { PAGE_SIZE } from '../../../lib/profile-options';

const GENDERS: readonly string[] = ['male', 'female'];

function toNumber(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : undefined;
}

/** The member search state of docs/product/member-model.md lives in the URL query, so it survives reloads and can be shared. */
export function useSearchState() {
  const [params, setParams] = useSearchParams();

  const query = useMemo<MembersQuery>(() => {
    const gender = params.get('gender');
    const result: MembersQuery = {
      pageNumber: toNumber(params.get('pageNumber')) ?? 1,
      numResults: toNumber(params.get('numResults')) ?? PAGE_SIZE,
    };
    if (gender && GENDERS.includes(gender)) result.gender = gender as Gender;
    const country = params.get('country');
    if (country) result.country = country;
    const region = params.get('countryregion');
    if (region) result.countryregion = region;
    const minAge = toNumber(params.get('min_age'));
    if (minAge) result.min_age = minAge;
    const maxAge = toNumber(params.get('max_age'));
    if (maxAge) result.max_age = maxAge;
    return result;
  }, [params]);

  const update = useCallback(
    (next: MembersQuery) => {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(next)) {
        if (value !== undefined && value !== '') search.set(key, String(value));
      }
      setParams(search);
    },
    [setParams],
  );

  return { query, update };
}
