import { Type, type Static } from 'typebox';
import { TELEMETRY_MAX_ERRORS, TELEMETRY_MAX_SEQ, TELEMETRY_MAX_TOKEN } from './values/telemetry';

export * from './values/telemetry';

/**
 * `POST /api/telemetry.php`: what a browser reports about the page views it showed, per remote version
 * (docs/adr/0032-canary-guard.md). Written once, as a schema: the server validates with it, the shell takes the type.
 * The shell imports its types only (from here with `import type`, or from the contract index) and the limits from
 * `values/telemetry.ts`, so the schema library never reaches a browser bundle.
 *
 * No personal data: no addresses, no ids of members, messages and stacks scrubbed (`telemetry-scrub.ts`); a page is
 * the route's pattern (`/members/:id`), never the URL with its query.
 */
export const TelemetryErrorSchema = Type.Object(
  {
    kind: Type.Union([
      Type.Literal('error'),
      Type.Literal('rejection'),
      Type.Literal('boundary'),
      Type.Literal('load'),
    ]),
    message: Type.String({ maxLength: 300 }),
    /** The stack as the browser gave it, minified: resolved on the server with the version's source maps. */
    stack: Type.String({ maxLength: 2000 }),
  },
  { additionalProperties: false },
);

export const TelemetryViewSchema = Type.Object(
  {
    /**
     * Which navigation of the page this view is (0 for the page load's first). With `app` it names the view within
     * its page's token: the server counts each (token, seq, app) once.
     */
    seq: Type.Integer({ minimum: 0, maximum: TELEMETRY_MAX_SEQ }),
    /** Registry key of the app whose code the page ran: `mf-landers`, `mf-payments`, …, or `shell`. */
    app: Type.String({ pattern: '^(shell|mf-[a-z]{2,20})$' }),
    version: Type.String({ pattern: '^[\\w.+-]{1,64}$' }),
    /** The route's pattern, e.g. `/members/:id` or `/transactions/:id?` (never a URL: no `=`, `&`, `@`). */
    page: Type.String({ pattern: '^/[A-Za-z0-9/:._?*-]{0,99}$' }),
    /** Uncaught errors, rejected promises and error-boundary fallbacks of this view charged to this app. */
    errors: Type.Integer({ minimum: 0, maximum: TELEMETRY_MAX_ERRORS }),
    /** The app's remote entry or one of its chunks failed to load (once per app and view, whatever the retries). */
    load_failure: Type.Boolean(),
    lcp: Type.Optional(Type.Number({ minimum: 0, maximum: 120_000 })),
    inp: Type.Optional(Type.Number({ minimum: 0, maximum: 120_000 })),
    cls: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
    samples: Type.Optional(Type.Array(TelemetryErrorSchema, { maxItems: 3 })),
  },
  { additionalProperties: false },
);

export const TelemetryReportSchema = Type.Object(
  {
    /**
     * The page's view token (`SiteData.telemetry`): signed by the server, short-lived, naming the visitor and the
     * versions the page was given. A beacon without a valid one is refused (403, counted by the server).
     */
    token: Type.Optional(Type.String({ maxLength: TELEMETRY_MAX_TOKEN })),
    views: Type.Array(TelemetryViewSchema, { minItems: 1, maxItems: 20 }),
  },
  { additionalProperties: false },
);

export type TelemetryError = Static<typeof TelemetryErrorSchema>;
export type TelemetryView = Static<typeof TelemetryViewSchema>;
export type TelemetryReport = Static<typeof TelemetryReportSchema>;

/** The largest body the endpoint takes (bytes); the shell splits batches to stay below it. */
export const TELEMETRY_MAX_BYTES = 16_384;
