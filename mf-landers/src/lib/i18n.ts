import { registerNamespace } from '@dating/shared';

/** This remote's i18next namespace; every page module imports this file, so the namespace is registered once. */
export const NS = 'landers';

registerNamespace(NS, (lng) => import(`../locales/${lng}.json`));
