import { registerNamespace } from '@dating/shared';

/**
 * The dialogs' i18next namespace (`shared/src/locales/member-actions`, all 11 locales): its JSON is fetched when a
 * dialog first opens, not with the page.
 */
export const MEMBER_ACTIONS_NS = 'member-actions';

registerNamespace(
  MEMBER_ACTIONS_NS,
  (locale) =>
    import(
      /* webpackChunkName: "locale-member-actions-[request]" */ `../locales/member-actions/${locale}.json`
    ),
);
