/**
 * What one view of client telemetry may claim (docs/adr/0032-canary-guard.md): the api's schema
 * (`contract/telemetry.ts`) enforces these, the shell stays within them. Plain values, so the browser bundle takes
 * them without the schema library.
 */

/** The most errors one view reports (more are not counted: one view is one view). */
export const TELEMETRY_MAX_ERRORS = 50;
/** The most navigations of one page that report (a page open longer than that reports no more). */
export const TELEMETRY_MAX_SEQ = 499;
/** The longest view token. */
export const TELEMETRY_MAX_TOKEN = 1500;
