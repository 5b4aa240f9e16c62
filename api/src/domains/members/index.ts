// The members domain: search, public profiles (and their cache), who may not see whom, interests, regions and
// geocoding. Other domains use it only through what this file exports.
export { geocodeRoute } from './routes/geocode';
export { interestsRoute } from './routes/interests';
export { landerMembersRoute } from './routes/lander-members';
export { memberRoute } from './routes/member';
export { membersRoute } from './routes/members';
export { regionsRoute } from './routes/regions';
export { townsRoute } from './routes/towns';
export {
  createMembersService,
  notBlocked,
  type MemberSearch,
  type MembersService,
  type SiteScope,
} from './members';
export { NICHE_FILTERS, visibleOnSite } from './site-scope';
export { createBlockedService, type BlockedService } from './blocked';
export { createProfileCache, type ProfileCache } from './profile-cache';
export {
  PROFILE_COLUMNS,
  PROFILE_FROM,
  USER_COLUMNS,
  USER_FROM,
  ageOn,
  mediaUrl,
  toImage,
  toProfile,
  toUser,
  type ProfileSqlRow,
  type UserSqlRow,
} from './profiles';
