import type { Gender, Profile } from './profile';

/** `GET /api/members.php` query (docs/product/member-model.md search state). */
export interface MembersQuery {
  gender?: Gender;
  country?: string;
  countryregion?: string;
  min_age?: number;
  max_age?: number;
  pageNumber?: number;
  numResults?: number;
}
export interface MembersResponse {
  profiles: Profile[];
  pageNumber: number;
  numResults: number;
  total: number;
  /** True when the exact search had no hits and similar results are shown instead. */
  similar: boolean;
}
/** `GET /api/member.php?id=` */
export interface MemberResponse {
  profile: Profile;
  liked: boolean;
  blocked: boolean;
}
