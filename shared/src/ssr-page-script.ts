/**
 * The one inline script of a server-rendered page (docs/adr/0030). The server allows exactly this text through the
 * page's CSP by its hash (api/src/lib/security-headers.ts), so it is a constant: nothing per request goes into it.
 * It does two things.
 *
 * **The content first.** The page's heading and photos are in the HTML; the shell's JavaScript (~210 KB) is only
 * needed to make them interactive. Loaded with the HTML, it takes the bandwidth and the CPU of a slow phone from the
 * stylesheets and photos of the first paint. So the shell's scripts are named in `<meta name="shell-script">` tags
 * and this script adds them (in order, `async = false`) once the document is parsed and its first contentful paint has
 * been presented (the `paint` performance entry), or {@link BOOT_FALLBACK_MS} after parsing where no paint comes (a
 * tab opened in the background, a browser without paint timing).
 *
 * **A tap before hydration is kept.** The signup buttons are visible before they work: the shell still starts the
 * federation runtime, loads the store, the texts and the lander's remote, and React then hydrates the page piece by
 * piece (a part whose code or texts are still loading stays server markup). A tap on a button that is not hydrated
 * has no handler, and React does not replay it. The script listens (capture phase) for clicks on
 * `[data-signup-source]` and keeps the last button tapped on `window`. Each such button, once hydrated, asks whether
 * it was tapped before (`takeTapBeforeHydration`) and then does what the tap asked for. A tap on a button that is
 * already hydrated is recorded too but never taken: the button's check ran when it was hydrated, before the tap.
 *
 * **A submit before hydration is kept.** A server-rendered form (`/login`) can be filled in and sent before its code
 * runs. The browser would send it itself (a GET with the password in the address); the script stops that for forms
 * marked `[data-submit-before-hydration]` (capture phase, `preventDefault`) and keeps the form. Once hydrated, the
 * form asks `takeSubmitBeforeHydration` and sends what was typed (the inputs keep it: mf-account's login form has no
 * default values, which react-hook-form would write into them). A hydrated form sends itself and never finds its own
 * record.
 */
export const EARLY_SIGNUP_GLOBAL = '__earlySignupTaps';

/** What the inline script leaves on `window` under {@link EARLY_SIGNUP_GLOBAL}. */
export interface EarlySignupTaps {
  /** The last `[data-signup-source]` element tapped, until a hydrated button takes it. */
  el: Element | null;
  /** The last `[data-submit-before-hydration]` form submitted, until the hydrated form takes it. */
  form?: Element | null;
}

/** The attribute of a form whose submit before hydration is kept (and not sent by the browser). */
export const SUBMIT_BEFORE_HYDRATION = 'data-submit-before-hydration';

/** The `<meta name>` that lists the shell's scripts, one tag per script, in order. */
export const SHELL_SCRIPT_META = 'shell-script';

/** How long after parsing the shell waits for the first paint before it is started anyway. */
export const BOOT_FALLBACK_MS = 1000;

export const SSR_PAGE_SCRIPT =
  '(function(d,w){var r={el:null,form:null};d.addEventListener("click",function(e){var t=e.target,' +
  'b=t&&t.closest&&t.closest("[data-signup-source]");if(b)r.el=b},true);' +
  'd.addEventListener("submit",function(e){var f=e.target;' +
  `if(f&&f.hasAttribute&&f.hasAttribute("${SUBMIT_BEFORE_HYDRATION}")){e.preventDefault();r.form=f}},true);` +
  `w.${EARLY_SIGNUP_GLOBAL}=r;var booted=0,painted=0,parsed=0;function boot(){if(booted)return;booted=1;` +
  `d.querySelectorAll('meta[name="${SHELL_SCRIPT_META}"]').forEach(function(m){` +
  'var s=d.createElement("script");s.src=m.content;s.async=false;d.head.appendChild(s)})}' +
  'function go(){if(painted&&parsed)setTimeout(boot,0)}' +
  'try{new PerformanceObserver(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){' +
  'o.disconnect();painted=1;go()}}).observe({type:"paint",buffered:true})}catch(e){painted=1}' +
  'function ready(){parsed=1;go();' +
  `setTimeout(boot,${BOOT_FALLBACK_MS})}` +
  'if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",ready);else ready()})(document,window)';

/** True once, if `el` is the signup button tapped before it was hydrated (the record is cleared). */
export function takeTapBeforeHydration(el: Element | null, win: Window = window): boolean {
  const record = (win as unknown as Record<string, EarlySignupTaps | undefined>)[EARLY_SIGNUP_GLOBAL];
  if (!el || !record || record.el !== el) return false;
  record.el = null;
  return true;
}

/** True once, if `form` was submitted before it was hydrated (the record is cleared). */
export function takeSubmitBeforeHydration(form: Element | null, win: Window = window): boolean {
  const record = (win as unknown as Record<string, EarlySignupTaps | undefined>)[EARLY_SIGNUP_GLOBAL];
  if (!form || !record || record.form !== form) return false;
  record.form = null;
  return true;
}
