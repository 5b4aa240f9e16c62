import { hostname } from 'node:os';
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

/** Where a batch of log lines goes (process.stdout in the server; tests pass their own). */
export interface LogSink {
  write(text: string): unknown;
}

// Logging: one line per request, and no secrets in any line.
//
// Fastify logs two lines per request by default ("incoming request", "request completed"); at API rates that was
// the largest single cost of a small answer (docs/adr/0009-request-overhead.md). One line at the end carries what both did (method, url,
// host, client address, status, response time). LOG_REQUESTS samples it (1 = every request, the default; 0.1 =
// one in ten; 0 = none); 5xx answers and Fastify's error lines are always logged.
//
// Secrets: passwords, hashes, session tokens, cookies and email addresses never reach the log. Known
// field names are redacted by pino (`redact`, paths below); error objects and URLs are scrubbed by the
// serializers, because a database error may carry a query's parameters in its message (an argon2 hash was seen
// there) and links carry tokens in their query string.

const SECRET_KEYS = [
  'password',
  'old_password',
  'new_password',
  'password2',
  'password_hash',
  'passwordHash',
  'hash',
  'token',
  'sid',
  'cookie',
  'cookies',
  'authorization',
  'set-cookie',
  'email',
  'to',
  'params',
  'parameters',
];

/** Objects that code may log whole by mistake; their secret fields are redacted too. */
const CONTAINERS = [
  'user',
  'member',
  'account',
  'session',
  'body',
  'query',
  'headers',
  'mail',
  'data',
  'input',
];

/**
 * pino `redact` paths: each secret name at the top of a log object and inside the usual containers. Only literal
 * paths: a wildcard (`*.password`) makes pino walk every field of every line, the request line too, which cost
 * more than all the rest of the log line (measured with tools/bench/api-profile.mjs).
 */
export const REDACT_PATHS = [
  ...SECRET_KEYS.filter((key) => /^\w+$/.test(key)),
  ...CONTAINERS.flatMap((container) =>
    SECRET_KEYS.map((key) => (/^\w+$/.test(key) ? `${container}.${key}` : `${container}["${key}"]`)),
  ),
];

const SECRET_KEY = new RegExp(`^(${SECRET_KEYS.join('|')})$`, 'i');
/** Each shape, its replacement, and a character it cannot match without (a cheap `includes` skips the scan). */
const SECRET_TEXT: [RegExp, string, string | null][] = [
  [/\$argon2(?:id|i|d)\$(?:v=\d+\$)?m=\d+,t=\d+,p=\d+(?:\$[A-Za-z0-9+/=]*){1,2}/g, '[hash]', '$'],
  [/\$2[aby]?\$\d\d\$[./A-Za-z0-9]{53}/g, '[hash]', '$'],
  [/[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g, '[email]', '@'],
  // Session ids, link tokens, API keys: long unbroken runs of hex or base64url.
  [/\b[A-Za-z0-9_-]{32,}={0,2}/g, '[token]', null],
];

/**
 * Replaces secrets that can be recognised by their shape (hashes, addresses, tokens) in free text. A shape whose
 * required character is absent is not scanned for: the address pattern alone cost a logged URL with a query
 * string about 1 µs (docs/adr/0009-request-overhead.md: api-profile.mjs on members.php).
 */
export function scrubText(text: string): string {
  let out = text;
  for (const [pattern, replacement, needs] of SECRET_TEXT) {
    if (needs === null || out.includes(needs)) out = out.replace(pattern, replacement);
  }
  return out;
}

function scrubValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (!value || typeof value !== 'object' || depth > 4) return value;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) ? '[Redacted]' : scrubValue(item, depth + 1);
  }
  return out;
}

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** Like pino's error serializer (type, message, stack, own fields, cause), with secrets scrubbed. */
export function serializeError(err: unknown): SerializedError {
  if (!(err instanceof Error)) {
    return { type: typeof err, message: scrubText(String(err)), stack: '', value: scrubValue(err, 0) };
  }
  const out: SerializedError = {
    type: err.constructor?.name ?? 'Error',
    message: scrubText(err.message),
    stack: scrubText(err.stack ?? ''),
  };
  for (const [key, value] of Object.entries(err)) {
    if (key in out) continue;
    out[key] = SECRET_KEY.test(key) ? '[Redacted]' : scrubValue(value, 1);
  }
  if (err.cause !== undefined) out.cause = serializeError(err.cause);
  return out;
}

const SECRET_PARAMS = 'token|sid|email|password|key|code|reactivate';
const SECRET_QUERY = new RegExp(`^(?:${SECRET_PARAMS})$`, 'i');
const SECRET_PARAM_IN_QUERY = new RegExp(`(?:^|&)(?:${SECRET_PARAMS})=`, 'i');

/** Whether `text` has `length` token characters (`[A-Za-z0-9_-]`) in a row; a loop, cheaper than the regex's scan. */
function hasTokenRun(text: string, length: number): boolean {
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const token =
      (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45;
    run = token ? run + 1 : 0;
    if (run >= length) return true;
  }
  return false;
}

/**
 * Whether scrubUrl could change a query string: a secret parameter, or a character or a run one of the secret
 * shapes needs (`$`, an address's `@` or %40, the token shape's 32 characters). Most logged queries
 * (`?numResults=20`) have none and are logged without being split (docs/adr/0009-request-overhead.md: the request line is on every request).
 */
function queryMayHoldSecret(query: string): boolean {
  return (
    query.includes('$') ||
    query.includes('@') ||
    query.includes('%40') ||
    SECRET_PARAM_IN_QUERY.test(query) ||
    hasTokenRun(query, 32)
  );
}

/**
 * One `name=value` pair of a query string, as logged: the value of a secret parameter redacted, anything in a value
 * shaped like a secret scrubbed. Only the value is scanned, so an address in one parameter (`who=a%40b.nl`, the
 * way a browser encodes it) takes neither the path nor the parameter's name with it.
 */
function scrubQueryPair(pair: string): string {
  const eq = pair.indexOf('=');
  if (eq < 0) return scrubValuePart(pair);
  const name = pair.slice(0, eq);
  if (SECRET_QUERY.test(name)) return `${name}=[Redacted]`;
  return `${name}=${scrubValuePart(pair.slice(eq + 1))}`;
}

/** A path segment or a query value, unchanged unless it holds a secret's shape (`@` may come as %40). */
function scrubValuePart(part: string): string {
  const plain = part.includes('%') ? part.replace(/%40/gi, '@') : part;
  const scrubbed = scrubText(plain);
  return scrubbed === plain ? part : scrubbed;
}

/** A URL as logged: path segments and query values scrubbed one by one. */
export function scrubUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const loggedPath = /@|%40/i.test(path) ? path.split('/').map(scrubValuePart).join('/') : path;
  if (q < 0) return loggedPath;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  if (!queryMayHoldSecret(query)) return `${loggedPath}?${query}`;
  return `${loggedPath}?${query.split('&').map(scrubQueryPair).join('&')}`;
}

/** The request as logged: query-string secrets and addresses removed. */
export function serializeRequest(
  request: Pick<FastifyRequest, 'method' | 'url' | 'host' | 'ip'> & { socket?: { remotePort?: number } },
) {
  return {
    method: request.method,
    // Secrets travel in query strings (links) or as an address; a plain path is logged as it is.
    url: /[?@]|%40/i.test(request.url) ? scrubUrl(request.url) : request.url,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export function serializeReply(reply: { statusCode: number }) {
  return { statusCode: reply.statusCode };
}

/**
 * A request's logger that becomes a pino child only when something logs through it (docs/adr/0009-request-overhead.md). Fastify makes a
 * child logger for every request, with the request id bound; pino's `child()` costs about 0.3 µs, and most requests
 * log nothing but their request line, which OneLineLogController writes itself. A route that logs (an error, a
 * warning) gets the real child on its first line, with the same bindings, so its lines are what they were.
 */
export class RequestLogger implements FastifyBaseLogger {
  private real: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindingsOf: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    return (this.real ??= this.parent.child(this.bindingsOf, this.options));
  }

  get level(): string {
    return this.real?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  /** Whether a line at `level` would be written (pino's `isLevelEnabled`, asked of the logger that would write it). */
  isLevelEnabled(level: string): boolean {
    const writer = (this.real ?? (this.options.level ? this.logger : this.parent)) as FastifyBaseLogger & {
      isLevelEnabled?: (level: string) => boolean;
    };
    return writer.isLevelEnabled?.(level) ?? true;
  }

  // Methods on the prototype, not arrow fields: nothing is allocated per request but the object itself.
  fatal(obj: unknown, msg?: string, ...args: unknown[]): void {
    this.logger.fatal(obj, msg, ...args);
  }
  error(obj: unknown, msg?: string, ...args: unknown[]): void {
    this.logger.error(obj, msg, ...args);
  }
  warn(obj: unknown, msg?: string, ...args: unknown[]): void {
    this.logger.warn(obj, msg, ...args);
  }
  info(obj: unknown, msg?: string, ...args: unknown[]): void {
    this.logger.info(obj, msg, ...args);
  }
  debug(obj: unknown, msg?: string, ...args: unknown[]): void {
    this.logger.debug(obj, msg, ...args);
  }
  trace(obj: unknown, msg?: string, ...args: unknown[]): void {
    this.logger.trace(obj, msg, ...args);
  }
  silent(obj: unknown, msg?: string, ...args: unknown[]): void {
    this.logger.silent(obj, msg, ...args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: a RequestLogger instead of a pino child per request. */
export function requestLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new RequestLogger(logger, bindings, options);
}

/** Where the request line goes: the logger's own destination, and pino's base fields (`pid`, `hostname`). */
export interface RequestLineSink {
  sink: LogSink;
  /** `,"pid":…,"hostname":"…"`, as pino writes them after the time. */
  base: string;
}

/**
 * The "request completed" line exactly as pino writes it for the request's child logger (same fields, same order,
 * the request serialised by serializeRequest), built as one string: pino's generic path (serializers, redaction
 * checks, a JSON stringifier per field) cost about 1 µs more per line (docs/adr/0009-request-overhead.md). Only the request's own fields are
 * in it, so no redaction can be missed.
 */
export function requestLine(
  base: string,
  request: Pick<FastifyRequest, 'id' | 'method' | 'url' | 'host' | 'ip'> & {
    socket?: { remotePort?: number };
  },
  statusCode: number,
  responseTime: number,
): string {
  return (
    `{"level":30,"time":${Date.now()}${base},"reqId":${JSON.stringify(request.id)},` +
    `"req":${JSON.stringify(serializeRequest(request))},"res":{"statusCode":${statusCode}},` +
    `"responseTime":${Number.isFinite(responseTime) ? responseTime : null},"msg":"request completed"}\n`
  );
}

/** One "request completed" line per request (sampled by LOG_REQUESTS), instead of Fastify's two. */
export class OneLineLogController extends LogController {
  constructor(
    private readonly sample: number,
    /** loggerOptions' `direct`: the line is written there as one string; without it, through pino. */
    private readonly direct?: RequestLineSink,
  ) {
    super();
  }

  override incomingRequest() {
    // Folded into requestCompleted.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) {
      reply.log.error(
        { req: request, res: reply, responseTime: reply.elapsedTime, err: error },
        'request errored',
      );
      return;
    }
    if (!(reply.statusCode >= 500 || this.sample >= 1 || Math.random() < this.sample)) return;
    const log = reply.log;
    if (this.direct && log instanceof RequestLogger) {
      if (log.isLevelEnabled('info'))
        this.direct.sink.write(requestLine(this.direct.base, request, reply.statusCode, reply.elapsedTime));
    } else {
      log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}

/**
 * The server's log destination: the same lines as before, written to stdout in batches instead of one write per
 * line. A write per request line (libuv work, a syscall, its callback) cost the hello route about 14 µs of its
 * 36 µs per request (docs/adr/0009-request-overhead.md: measured with LOG_LEVEL=warn against the default). Lines wait at most
 * `maxDelayMs` (or until `maxBytes` have gathered); an error or fatal line (level ≥ 50) is written at once with
 * everything before it, and whatever is pending is written synchronously when the process exits (stdout to a
 * file or pipe is synchronous on Linux). Only a process killed outright (SIGKILL, out of memory) can lose the
 * last `maxDelayMs` of lines.
 */
export class BatchedLog implements LogSink {
  private pending: string[] = [];
  private bytes = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly onExit = () => this.flush();

  constructor(
    private readonly sink: LogSink = process.stdout,
    private readonly maxBytes = 16_384,
    private readonly maxDelayMs = 200,
  ) {
    process.once('exit', this.onExit);
  }

  write(line: string): boolean {
    this.pending.push(line);
    this.bytes += line.length;
    // pino lines start with `{"level":NN`: 50 is error, 60 fatal.
    const urgent = line.charCodeAt(9) >= 53 /* '5' */ && line.startsWith('{"level":');
    if (urgent || this.bytes >= this.maxBytes) this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), this.maxDelayMs);
      this.timer.unref();
    }
    return true;
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0) return;
    const text = this.pending.join('');
    this.pending = [];
    this.bytes = 0;
    this.sink.write(text);
  }

  /** Writes what is pending and stops listening for the process exit (tests). */
  close(): void {
    this.flush();
    process.removeListener('exit', this.onExit);
  }
}

/** One per process: every app built without a stream of its own (the server) shares it. */
let stdoutLog: BatchedLog | undefined;

/** pino's default base fields, written after the time; the line is built by hand only with pino's default options. */
const PINO_BASE = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;

/**
 * The pino options of the app (LOG_LEVEL) merged over what a caller passes (tests: a stream); false stays off.
 * `direct` is where OneLineLogController writes the request line: the same destination, with pino's base fields.
 */
export function loggerOptions(level: string, given: boolean | Record<string, unknown> | undefined) {
  if (given === false) return { options: false as const, direct: undefined };
  const extra = typeof given === 'object' ? given : {};
  // The server's stdout, batched (BatchedLog); a caller's own stream (tests) is used as it is.
  const stream = (extra.stream as LogSink | undefined) ?? (stdoutLog ??= new BatchedLog());
  const options = {
    level,
    ...extra,
    stream,
    redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
    serializers: { req: serializeRequest, res: serializeReply, err: serializeError },
  };
  // Any pino option of a caller's beyond the level and the stream (base, formatters, messageKey, timestamp, …) may
  // change the line's shape: then pino writes it.
  const plain = Object.keys(extra).every((key) => key === 'level' || key === 'stream');
  const direct = plain ? { sink: stream, base: PINO_BASE } : undefined;
  return { options, direct };
}
