/**
 * The first script of every HTML page (docs/adr/0032-canary-guard.md): it listens for errors from the page's first
 * line on, before the shell (or anything else) runs, and keeps them until the shell's telemetry takes them over. A
 * broken remote fails exactly then, while its entry and chunks load and the page starts: those errors must be
 * counted against the version that threw them, not lost for lack of a page view.
 *
 * Kept on `window[EARLY_TELEMETRY_GLOBAL]`: `q`, what happened so far (at most {@link EARLY_TELEMETRY_MAX}), as
 * `[kind, error, url]` (`url`: the file that threw, or the script or stylesheet that failed to load); once the shell
 * sets `f`, every later event goes to `f` instead. Kinds: `error` (uncaught), `rejection` (unhandled), `load` (a
 * `<script>` or `<link>` element that failed to load; images and other elements are not the code's).
 *
 * The server allows exactly this text through the page's CSP by its hash (api/src/lib/security-headers.ts), so it is
 * a constant: nothing per request goes into it.
 */
export const EARLY_TELEMETRY_GLOBAL = '__telemetryEarly';
export const EARLY_TELEMETRY_MAX = 20;

export type EarlyKind = 'error' | 'rejection' | 'load';
export interface EarlyTelemetry {
  q: [EarlyKind, unknown, string][];
  f: ((kind: EarlyKind, error: unknown, url: string) => void) | null;
}

export const EARLY_TELEMETRY_SCRIPT =
  '(function(w){var r={q:[],f:null};function put(k,x,u){if(r.f)r.f(k,x,u);' +
  `else if(r.q.length<${EARLY_TELEMETRY_MAX})r.q.push([k,x,u])}` +
  'w.addEventListener("error",function(e){var t=e.target;' +
  'if(t&&t!==w&&t.nodeType===1){if(t.tagName==="SCRIPT"||t.tagName==="LINK"){var s=t.src||t.href||"";' +
  'put("load",new Error("failed to load "+s),s)}return}' +
  'put("error",e.error||e.message,e.filename||"")},true);' +
  'w.addEventListener("unhandledrejection",function(e){put("rejection",e.reason,"")});' +
  `w.${EARLY_TELEMETRY_GLOBAL}=r})(window)`;
