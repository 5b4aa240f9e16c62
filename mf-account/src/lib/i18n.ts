import { useTranslation } from 'react-i18next';
import { registerNamespace, type Locale } from '@dating/shared';

/**
 * This remote's texts in three namespaces, so an entry page loads only what it reads
 * (docs/adr/0016-first-load-budget.md): `account` (login, fields, errors: all the login page needs), `account-signup`
 * (the signup form, also on the profile landers, with the option, photo and activation texts it shows) and
 * `account-pages` (every other page: settings, profile, password, deletion, …).
 */
export const ACCOUNT_NS = 'account';
export const ACCOUNT_SIGNUP_NS = 'account-signup';
export const ACCOUNT_PAGES_NS = 'account-pages';

let registered = false;

/** Registers the namespaces once, whichever page module of this remote loads first. */
export function registerAccountNamespace(): void {
  if (registered) return;
  registered = true;
  registerNamespace(
    ACCOUNT_NS,
    (lng: Locale) => import(/* webpackExclude: /\/locales\/[^/]+\/[^/]+\.json$/ */ `../locales/${lng}.json`),
  );
  registerNamespace(ACCOUNT_SIGNUP_NS, (lng: Locale) => import(`../locales/signup/${lng}.json`));
  registerNamespace(ACCOUNT_PAGES_NS, (lng: Locale) => import(`../locales/pages/${lng}.json`));
}

registerAccountNamespace();

/** `t` of the signup form and the profile fields it shares: its texts, then those of `account`. */
export function useSignupTranslation() {
  return useTranslation([ACCOUNT_SIGNUP_NS, ACCOUNT_NS], { nsMode: 'fallback' });
}

/** `t` of every other page: its texts, then the signup form's (profile fields, photos), then those of `account`. */
export function useAccountTranslation() {
  return useTranslation([ACCOUNT_PAGES_NS, ACCOUNT_SIGNUP_NS, ACCOUNT_NS], { nsMode: 'fallback' });
}
