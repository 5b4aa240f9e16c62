import type { LanderPageKey } from '@dating/shared';

/**
 * The chunk of each lander (the `webpackChunkName` of its `import()` in `./index.ts`, kept equal by
 * `chunks.test.ts`): the server names it so the page's HTML links the lander's CSS file (docs/adr/0030).
 */
export const LANDER_CHUNKS: Record<LanderPageKey, string> = {
  home: 'lander-home',
  token: 'lander-home',
  tinderswipe: 'lander-tinderswipe',
  alonetonight: 'lander-alonetonight',
  collagelanding: 'lander-collage',
  gallery: 'lander-gallery',
  iconslanding: 'lander-icons',
  maplanding: 'lander-map',
  socialnetwork: 'lander-social',
  transitionsvideolanding: 'lander-transitions',
  video: 'lander-video',
  landing: 'lander-profile-card',
  signup: 'lander-profile-card',
  landing2: 'lander-profile-chat',
  landing3: 'lander-profile-match',
};
