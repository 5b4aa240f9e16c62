import { signupModalOpened } from '@dating/shared';

/**
 * A server-rendered lander shows its call to action before the page is hydrated (docs/adr/0030): the shell still
 * loads the store, the texts and the lander's remote. A tap on it in that time has no handler yet and would be
 * lost, so the shell listens from its first line for clicks on `[data-signup-source]` (the lander's signup
 * buttons) and, once the page is hydrated and React handles them itself, opens the signup modal for the last one.
 */
export function recordEarlySignupClicks(doc: Document = document) {
  let source: string | null = null;
  const listener = (event: Event) => {
    const target = event.target as Element | null;
    const button = target?.closest?.('[data-signup-source]');
    if (button) source = button.getAttribute('data-signup-source');
  };
  doc.addEventListener('click', listener, true);
  return {
    /** Stops listening; the signup modal's action for a click that came too early, or null. */
    stop(): ReturnType<typeof signupModalOpened> | null {
      doc.removeEventListener('click', listener, true);
      return source === null ? null : signupModalOpened({ source });
    },
  };
}
