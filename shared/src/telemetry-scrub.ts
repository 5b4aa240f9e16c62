/**
 * The scrubber of client telemetry (docs/adr/0032-canary-guard.md): error messages and stacks are told to the
 * server to find a broken release, never to learn who saw it. The shell runs this before a beacon leaves the page
 * and the api again before anything is stored (a forged beacon is scrubbed like a real one).
 *
 * Removed, each replaced by a marker in brackets:
 * - email addresses, also in their usual disguises (`jan . jansen [at] example . com`, `jan(at)example(dot)nl`,
 *   `anna snabel-a example punkt se`, in the words of the sites' 11 languages);
 * - IBANs (`NL91 ABNA 0417 1643 00`) and card-like digit runs;
 * - phone numbers of every country of the sites (`+31 6 1234 5678`, `06-12345678`, `0171 1234567`,
 *   `+45 12 34 56 78`, `070-123 45 67`): any run of 8 or more digits joined by spaces, dashes, dots, slashes or
 *   brackets, with or without `+`/`00`, and any 6 digits in a row;
 * - URLs: query strings and fragments, and token-like path segments; the paths of the site's own deployed files
 *   (`/remotes/<app>/<version>/<file>.js`) stay whole, so stacks can be mapped to source;
 * - markup: tags are dropped (an HTML payload in a message), and `<`/`>` never reach the store.
 * Anything else that looks like a token (16+ letters and digits mixed, JWTs) goes too.
 */

const AT_WORDS = [
  'at',
  'ät',
  'snabel-a',
  'snabela',
  'krøllalfa',
  'apenstaartje',
  'klammeraffe',
  'arobase',
  'arroba',
  'chiocciola',
  'małpa',
  'malpa',
  'miukumauku',
];
const DOT_WORDS = ['dot', 'punkt', 'punt', 'point', 'punto', 'piste', 'kropka', 'prik', 'pkt'];

const words = (list: string[]) => list.join('|');
/** `[at]`, `(at)`, `{at}`, `<at>`, `@`, `＠` and the spelled-out word in brackets. */
const AT_BRACKETED = `(?:[@＠]|[\\[({<]\\s*(?:${words(AT_WORDS)}|@)\\s*[\\])}>])`;
const DOT_BRACKETED = `(?:\\.|[\\[({<]\\s*(?:${words(DOT_WORDS)}|\\.)\\s*[\\])}>])`;
const LOCAL = `[\\p{L}\\p{N}_%+-]+(?:\\s*${DOT_BRACKETED}\\s*[\\p{L}\\p{N}_%+-]+)*`;
const LABEL = `[\\p{L}\\p{N}-]+`;

/** An address with a real or bracketed `@`; the dots of the domain may be spaced or spelled out. */
const EMAIL = new RegExp(
  `${LOCAL}\\s*${AT_BRACKETED}\\s*${LABEL}(?:\\s*(?:${DOT_BRACKETED}|\\s(?:${words(DOT_WORDS)})\\s)\\s*${LABEL})+`,
  'giu',
);
/** `anna at example dot com`, `anna snabel-a example punkt se`: both words spelled out between spaces. */
const EMAIL_SPELLED = new RegExp(
  `[\\p{L}\\p{N}._%+-]+\\s+(?:${words(AT_WORDS)})\\s+${LABEL}(?:\\s+(?:${words(DOT_WORDS)})\\s+${LABEL})+`,
  'giu',
);
const URL_RE = /\b(?:https?:\/\/|www\.)[^\s"'<>()]+|(?<![\w/])\/remotes\/[^\s"'<>()]+/gi;
const OWN_FILE =
  /^(?:https?:\/\/[^/\s]+)?\/remotes\/(?:shell|mf-[a-z]{2,20})\/[\w.+-]{1,64}\/[\w./-]+(?::\d+){0,2}$/;
const IBAN = /\b[A-Z]{2}\d{2}(?:[ -]?[A-Z0-9]{4}){2,7}(?:[ -]?[A-Z0-9]{1,3})?\b/gi;
/** 8+ digits with separators between them (phones, cards, account numbers), optionally `+…` or `(0)`. */
const DIGIT_RUN = /(?:\+|\b00)?\(?\d(?:[ \t./-]{0,3}\(?\d\)?){7,}/g;
const LONG_NUMBER = /\d{6,}/g;
const JWT = /\beyJ[\w-]{8,}\.[\w-]{8,}(?:\.[\w-]*)?/g;
/** 16+ characters of a token alphabet with letters and digits mixed (session ids, reset tokens, hashes). */
const TOKEN = /\b(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]{16,}\b/g;
const TAG = /<\/?[a-z!][^>]*>?/gi;

/** Placeholders of URLs kept aside while the rest is scrubbed (a character no message carries). */
const HOLD = '\u0000';

function scrubUrl(url: string): string {
  // A stack frame's `:line:column` after the query stays (the query goes).
  const position = /(?::\d+){1,2}$/.exec(url)?.[0] ?? '';
  const bare = url.slice(0, url.length - position.length).replace(/[?#].*$/, '') + position;
  if (OWN_FILE.test(bare)) return bare;
  return bare
    .split('/')
    .map((segment, i) => (i > 2 || !/^https?:$|^$/.test(segment) ? scrubSegment(segment) : segment))
    .join('/');
}

function scrubSegment(segment: string): string {
  if (/^[\w-]{16,}$/.test(segment) && /\d/.test(segment)) return '[token]';
  if (/@/.test(segment)) return '[email]';
  return segment.replace(LONG_NUMBER, '[number]');
}

/** `text` without personal data or markup, cut to `max` characters. */
export function scrubText(text: string, max: number): string {
  const held: string[] = [];
  let out = text
    .replace(TAG, ' ')
    .replace(URL_RE, (url) => {
      held.push(scrubUrl(url));
      return `${HOLD}${held.length - 1}${HOLD}`;
    })
    .replace(EMAIL, '[email]')
    .replace(EMAIL_SPELLED, '[email]')
    .replace(JWT, '[token]')
    .replace(IBAN, '[iban]')
    .replace(DIGIT_RUN, '[number]')
    .replace(LONG_NUMBER, '[number]')
    .replace(TOKEN, '[token]')
    .replace(/[<>]/g, ' ');
  // A held URL comes back once the rest is clean (its own digits were judged by scrubUrl).
  out = out.replace(new RegExp(`${HOLD}(\\d+)${HOLD}`, 'g'), (_, i: string) => held[Number(i)] ?? '');
  return out.replace(/[ \t]{2,}/g, ' ').slice(0, max);
}
