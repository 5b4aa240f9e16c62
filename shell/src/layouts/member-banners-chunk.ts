import type * as MemberBannersModule from './member-banners';

let loaded: typeof MemberBannersModule | undefined;

/**
 * The member-only banners and popups' chunk (`member-banners.tsx`): not part of a visitor's first load
 * (docs/adr/0016); fetched at start for a member (`preloadMemberChunks`), whose default layout waits for it.
 */
export function memberBanners(): Promise<typeof MemberBannersModule> {
  return import(/* webpackChunkName: "member-banners" */ './member-banners').then((module) => {
    loaded = module;
    return module;
  });
}

/** The chunk's module once it has arrived: a layout drawn then draws the banners with it, without suspending. */
export const loadedMemberBanners = (): typeof MemberBannersModule | undefined => loaded;
