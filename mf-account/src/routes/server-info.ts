import type { ResourceKey } from 'i18next';
import type { Locale } from '@dating/shared';
import { ACCOUNT_NS, ACCOUNT_SIGNUP_NS } from '../lib/i18n';

/**
 * Exposed by the server container only (docs/adr/0030, addendum "Login, signup and the static pages"): the chunk
 * whose CSS file a server-rendered page of this remote links in its `<head>`, so the HTML is styled before any script
 * runs. The browser build puts each exposed page's CSS in its expose chunk.
 */
export function styleChunks(pathname: string): string[] {
  if (pathname === '/login') return ['__federation_expose_LoginPage'];
  if (pathname === '/signup') return ['__federation_expose_SignupPage'];
  return [];
}

/**
 * This version's texts of the namespaces the rendered pages read, for the server's i18n instance of this version:
 * the namespaces' loaders are registered in the one shared `@dating/shared`, where the last container evaluated
 * (another version of this remote, a canary) would otherwise answer for every version.
 */
export async function namespaces(locale: Locale): Promise<{ namespace: string; resources: ResourceKey }[]> {
  const [account, signup] = await Promise.all([
    import(/* webpackExclude: /\/locales\/[^/]+\/[^/]+\.json$/ */ `../locales/${locale}.json`),
    import(`../locales/signup/${locale}.json`),
  ]);
  const resources = (module: { default?: ResourceKey }) => module.default ?? (module as ResourceKey);
  return [
    { namespace: ACCOUNT_NS, resources: resources(account as { default?: ResourceKey }) },
    { namespace: ACCOUNT_SIGNUP_NS, resources: resources(signup as { default?: ResourceKey }) },
  ];
}
