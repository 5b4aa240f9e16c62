// The experiment cookie's name and lifetime: the experiments domain writes and reads it, the pages (sites) and the
// sign-up (accounts) pass it on, so it sits below them all (the layers stand one way: api/README.md).

/** One cookie per visitor: `<visitor id>~<app>=<version>~…` (docs/adr/0001-module-federation.md: assigned once, sticky). */
export const EXPERIMENT_COOKIE = 'mf_exp';
export const EXPERIMENT_COOKIE_MAX_AGE_S = 90 * 86_400;
