// The members domain: search, public profiles (and their cache), who may not see whom, interests, regions and
// geocoding. Other domains use it only through what this file exports.
import type { DomainModule } from '../../lib/domain-module';
import { geocodeRoute } from './routes/geocode';
import { interestsRoute } from './routes/interests';
import { landerMembersRoute } from './routes/lander-members';
import { memberRoute } from './routes/member';
import { membersRoute } from './routes/members';
import { regionsRoute } from './routes/regions';
import { townsRoute } from './routes/towns';
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
  PROFILE_ROW,
  USER_COLUMNS,
  USER_FROM,
  USER_ROW,
  ageOn,
  mediaUrl,
  toImage,
  toProfile,
  toUser,
  type ProfileSqlRow,
  type UserSqlRow,
} from './profiles';

/** The members' routes, for the composition root (api/src/app/routes.ts). */
export const membersDomain: DomainModule = {
  name: 'members',
  routes: [
    interestsRoute,
    regionsRoute,
    townsRoute,
    geocodeRoute,
    membersRoute,
    landerMembersRoute,
    memberRoute,
  ],
};
