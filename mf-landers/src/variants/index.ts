import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { LanderPageKey } from '@dating/shared';
import type { VariantProps } from './variant-props';

export type { VariantProps } from './variant-props';

type Lazy = LazyExoticComponent<ComponentType<VariantProps>>;

/**
 * One chunk per lander (React.lazy): a visitor of `/landers/gallery` downloads the gallery's code and nothing of
 * the seven others. The chunk names show up in the build and in the page-weight benchmark.
 */
export const LANDER_COMPONENTS: Record<LanderPageKey, Lazy> = {
  home: lazy(() => import(/* webpackChunkName: "lander-home" */ './home')),
  token: lazy(() => import(/* webpackChunkName: "lander-home" */ './home')),
  tinderswipe: lazy(() => import(/* webpackChunkName: "lander-tinderswipe" */ './tinder-swipe')),
  alonetonight: lazy(() => import(/* webpackChunkName: "lander-alonetonight" */ './alone-tonight')),
  collagelanding: lazy(() => import(/* webpackChunkName: "lander-collage" */ './collage')),
  gallery: lazy(() => import(/* webpackChunkName: "lander-gallery" */ './gallery')),
  iconslanding: lazy(() => import(/* webpackChunkName: "lander-icons" */ './icons')),
  maplanding: lazy(() => import(/* webpackChunkName: "lander-map" */ './map')),
  socialnetwork: lazy(() => import(/* webpackChunkName: "lander-social" */ './social-network')),
  transitionsvideolanding: lazy(() => import(/* webpackChunkName: "lander-transitions" */ './transitions')),
  video: lazy(() => import(/* webpackChunkName: "lander-video" */ './video')),
  landing: lazy(() => import(/* webpackChunkName: "lander-profile-card" */ './profile-card')),
  signup: lazy(() => import(/* webpackChunkName: "lander-profile-card" */ './profile-card')),
  landing2: lazy(() => import(/* webpackChunkName: "lander-profile-chat" */ './profile-chat')),
  landing3: lazy(() => import(/* webpackChunkName: "lander-profile-match" */ './profile-match')),
};
