import { registerNamespace, type Locale } from '@dating/shared';

export const ACCOUNT_NS = 'account';

let registered = false;

/** Registers the `account` namespace once, whichever page module of this remote loads first. */
export function registerAccountNamespace(): void {
  if (registered) return;
  registered = true;
  registerNamespace(ACCOUNT_NS, (lng: Locale) => import(`../locales/${lng}.json`));
}

registerAccountNamespace();
