// The search and profile calls. The shapes are the TypeBox schemas of `schemas/members.ts` (the api's source);
// here their types, imported as types only so that no browser bundle gains the schema builder.
export type { MembersQuery, MembersResponse, MemberResponse } from './schemas/members';
