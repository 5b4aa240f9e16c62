import { registerNamespace, type Locale } from '@dating/shared';

/**
 * This remote's shared texts (hero, calls to action, teasers, benefits, closing): all that `/` reads. Every page
 * module imports this file, so the namespace is registered once. Each lander, the swipe game and the match finder
 * have their own texts in a namespace of their own, registered by their own module (`./page-texts.ts`).
 */
export const NS = 'landers';

/** The shared texts of one locale. The folders beside the files are the pages' own namespaces, not locales of this one. */
export const sharedTexts = (lng: Locale) =>
  import(/* webpackExclude: /\/locales\/[^/]+\/[^/]+\.json$/ */ `../locales/${lng}.json`);

registerNamespace(NS, sharedTexts);
