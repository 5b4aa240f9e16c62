/**
 * A server-rendered lander shows its signup buttons before they work: the shell's deferred script still has to
 * start the federation runtime, load the store, the texts and the lander's remote, and React then hydrates the
 * page piece by piece (a part whose code or texts are still loading stays server markup). A tap on a button that
 * is not hydrated yet has no handler, and React does not replay it; on a slow phone that window lasts seconds
 * (docs/adr/0030).
 *
 * The one inline script of a server-rendered page records such taps from the moment the `<head>` is parsed: it
 * listens (capture phase) for clicks on `[data-signup-source]` and keeps the last button tapped on `window`. Each
 * such button, once hydrated, asks whether it was tapped before (`takeTapBeforeHydration`) and then does what the
 * tap asked for. A tap on a button that is already hydrated is recorded too but never taken: the button's check
 * ran when it was hydrated, before the tap. The server allows exactly this text through the page's CSP by its
 * hash (api/src/lib/security-headers.ts), so it must stay a constant: nothing per request may be put into it.
 */
export const EARLY_SIGNUP_GLOBAL = '__earlySignupTaps';

/** What the inline script leaves on `window` under {@link EARLY_SIGNUP_GLOBAL}. */
export interface EarlySignupTaps {
  /** The last `[data-signup-source]` element tapped, until a hydrated button takes it. */
  el: Element | null;
}

export const EARLY_SIGNUP_SCRIPT =
  '(function(d,w){var r={el:null};d.addEventListener("click",function(e){var t=e.target,' +
  'b=t&&t.closest&&t.closest("[data-signup-source]");if(b)r.el=b},true);' +
  `w.${EARLY_SIGNUP_GLOBAL}=r})(document,window)`;

/** True once, if `el` is the signup button tapped before it was hydrated (the record is cleared). */
export function takeTapBeforeHydration(el: Element | null, win: Window = window): boolean {
  const record = (win as unknown as Record<string, EarlySignupTaps | undefined>)[EARLY_SIGNUP_GLOBAL];
  if (!el || !record || record.el !== el) return false;
  record.el = null;
  return true;
}
