import type { ResourceKey } from 'i18next';
import { matchLanderPath, type Locale, type Settings } from '@dating/shared';
import { NS, sharedTexts } from '../lib/i18n';
import type { PageFolder } from '../lib/page-texts';
import { LANDER_CHUNKS } from '../variants/chunks';

/**
 * Exposed by the server container only (docs/adr/0030): the chunks whose CSS files a server-rendered page of this
 * remote links in its `<head>`, so the HTML is styled before any script runs. `/` is the HomePage module's own.
 */
export function styleChunks(pathname: string, settings: Pick<Settings, 'niche'>): string[] {
  const match = matchLanderPath(pathname, settings);
  if (match === null || match === 'not-found') return [];
  if (match.page === 'home' && pathname === '/') return ['__federation_expose_HomePage'];
  return [LANDER_CHUNKS[match.page]];
}

/** Every page's own namespace (`pageTexts` in its module); server-info.test.ts checks it against the folders. */
export const PAGE_FOLDERS: readonly PageFolder[] = [
  'alone-tonight',
  'collage',
  'gallery',
  'icons',
  'map',
  'social',
  'transitions',
  'video',
  'swipe',
  'match-finder',
  'profile-card',
  'profile-chat',
  'profile-match',
];

type Bundle = { namespace: string; resources: ResourceKey };
type Tree = { [key: string]: Tree | string };

const resources = (module: unknown) =>
  ((module as { default?: ResourceKey }).default ?? module) as ResourceKey;

/**
 * This version's texts of every namespace its pages read (the shared `landers` and each page's `landers-<folder>`),
 * for the server's i18n instance of this version: the namespaces' loaders are registered in the one shared
 * `@dating/shared`, where the last container evaluated (another version of this remote, a canary) would otherwise
 * answer for every version.
 */
export async function namespaces(locale: Locale): Promise<Bundle[]> {
  const [shared, ...pages] = await Promise.all([
    sharedTexts(locale),
    ...PAGE_FOLDERS.map((folder) => import(`../locales/${folder}/${locale}.json`)),
  ]);
  return [
    { namespace: NS, resources: resources(shared) },
    ...PAGE_FOLDERS.map((folder, index) => ({
      namespace: `${NS}-${folder}`,
      resources: resources(pages[index]),
    })),
  ];
}

function mergeInto(target: Tree, source: Tree): Tree {
  for (const [key, value] of Object.entries(source)) {
    const present = target[key];
    target[key] =
      typeof value === 'object' && typeof present === 'object'
        ? mergeInto({ ...present }, value)
        : typeof value === 'object'
          ? mergeInto({}, value)
          : value;
  }
  return target;
}

/**
 * Every text of this version in the one `landers` namespace, as it was before the pages had their own: what a
 * shell built before `namespaces` asks for (it reads this alone). The pages then read their texts from `landers`
 * (`useLanderTranslation`).
 */
export async function landersNamespace(locale: Locale): Promise<Bundle> {
  const bundles = await namespaces(locale);
  const merged = bundles.reduce<Tree>((all, bundle) => mergeInto(all, bundle.resources as Tree), {});
  return { namespace: NS, resources: merged };
}
