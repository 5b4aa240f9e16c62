import { useContext } from 'react';
import type { ResourceKey } from 'i18next';
import { I18nContext, useTranslation } from 'react-i18next';
import { registerNamespace, type Locale } from '@dating/shared';
import { NS } from './i18n';

/**
 * The pages' own texts (docs/adr/0016-first-load-budget.md): each lander, the swipe game and the match finder read a
 * namespace `landers-<folder>` (`src/locales/<folder>/<lng>.json`) besides the shared `landers`, so a page downloads
 * its own texts and not every page's. The folders; `./ServerInfo` gives the server render all of them.
 */
export type PageFolder =
  | 'alone-tonight'
  | 'collage'
  | 'gallery'
  | 'icons'
  | 'map'
  | 'social'
  | 'transitions'
  | 'video'
  | 'swipe'
  | 'match-finder'
  | 'profile-card'
  | 'profile-chat'
  | 'profile-match';

/** A page's own texts: its namespace, and a top-level key of it that the shared `landers` does not have. */
export interface PageTexts {
  ns: string;
  key: string;
}

type LocaleModule = { default: ResourceKey } | ResourceKey;

/**
 * Registers a page's namespace. Called by the page's own module with its 11 `import()`s written there, so the map of
 * its locale files is in that page's chunk, not in every page's (one `import()` per locale is smaller than the
 * context module a template `import()` makes).
 */
export function pageTexts(
  folder: PageFolder,
  key: string,
  locales: Record<Locale, () => Promise<LocaleModule>>,
): PageTexts {
  const ns = `${NS}-${folder}`;
  registerNamespace(ns, (lng) => locales[lng]());
  return { ns, key };
}

const FALLBACK = { nsMode: 'fallback' } as const;

/**
 * `t` of a page: its own namespace, then the shared `landers`, both loaded at once. A server render by a shell built
 * before `namespaces` of `./ServerInfo` asks only for `landersNamespace`, every text merged in `landers`: the page's
 * texts are read there, rather than loaded through the one loader registry of the process, where another version of
 * this remote (a canary) may be the one registered.
 */
export function useLanderTranslation(texts: PageTexts) {
  const i18n = useContext(I18nContext)?.i18n;
  const merged = i18n?.getResource(i18n.language, NS, texts.key) !== undefined;
  return useTranslation([merged ? NS : texts.ns, NS], FALLBACK);
}
