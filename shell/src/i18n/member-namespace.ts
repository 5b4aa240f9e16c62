import { useTranslation } from 'react-i18next';
import { registerNamespace } from '@dating/shared';

/**
 * The texts only a member sees (alerts, time and welcome bonus, activation, match): their own namespace, so a
 * visitor's first load carries the `common` texts of the navigation and the layouts only
 * (docs/adr/0016-first-load-budget.md). Loaded by the member-only chunks that read it; `common` is their second
 * namespace (`common.close`, `loading`).
 */
export const MEMBER_NS = 'shell-member';

// Unnamed chunks: a name per locale would make the shell's chunk map in main.js longer.
registerNamespace(MEMBER_NS, (locale) => import(`../locales/member/${locale}.json`));

/** `t` of the member texts, falling back to `common` for the keys they share with every page. */
export function useMemberTranslation() {
  return useTranslation([MEMBER_NS, 'common'], { nsMode: 'fallback' });
}
