import { registerNamespace } from '@dating/shared';

/** This remote's i18next namespace; the staff app imports this file, so the namespace is registered once. */
export const NS = 'staff';

registerNamespace(NS, (lng) => import(`../locales/${lng}.json`));
