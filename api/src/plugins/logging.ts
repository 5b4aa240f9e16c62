import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** Where a batch of log lines goes (process.stdout in the server; tests pass their own). */
export interface LogSink {
  write(text: string): unknown;
}

// Logging: one line per request, and no secrets in any line.
//
// Fastify logs two lines per request by default ("incoming request", "request completed"); at API rates that was
// the largest single cost of a small answer (issue 16). One line at the end carries what both did (method, url,
// host, client address, status, response time). LOG_REQUESTS samples it (1 = every request, the default; 0.1 =
// one in ten; 0 = none); 5xx answers and Fastify's error lines are always logged.
//
// Secrets (issue 11): passwords, hashes, session tokens, cookies and email addresses never reach the log. Known
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
const SECRET_TEXT: [RegExp, string][] = [
  [/\$argon2(?:id|i|d)\$(?:v=\d+\$)?m=\d+,t=\d+,p=\d+(?:\$[A-Za-z0-9+/=]*){1,2}/g, '[hash]'],
  [/\$2[aby]?\$\d\d\$[./A-Za-z0-9]{53}/g, '[hash]'],
  [/[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g, '[email]'],
  // Session ids, link tokens, API keys: long unbroken runs of hex or base64url.
  [/\b[A-Za-z0-9_-]{32,}={0,2}/g, '[token]'],
];

/** Replaces secrets that can be recognised by their shape (hashes, addresses, tokens) in free text. */
export function scrubText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SECRET_TEXT) out = out.replace(pattern, replacement);
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

const SECRET_QUERY = /([?&](?:token|sid|email|password|key|code|reactivate)=)[^&#]*/gi;

/** The request as logged: query-string secrets and token-shaped path segments removed. */
export function serializeRequest(
  request: Pick<FastifyRequest, 'method' | 'url' | 'host' | 'ip'> & { socket?: { remotePort?: number } },
) {
  return {
    method: request.method,
    // Secrets travel in query strings (links) or as an address; a plain path is logged as it is.
    url: /[?@]/.test(request.url)
      ? scrubText(request.url.replace(SECRET_QUERY, '$1[Redacted]'))
      : request.url,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export function serializeReply(reply: { statusCode: number }) {
  return { statusCode: reply.statusCode };
}

/** One "request completed" line per request (sampled by LOG_REQUESTS), instead of Fastify's two. */
export class OneLineLogController extends LogController {
  constructor(private readonly sample: number) {
    super();
  }

  override incomingRequest() {
    // Folded into requestCompleted.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (reply.statusCode >= 500 || this.sample >= 1 || Math.random() < this.sample) {
      reply.log.info(line, 'request completed');
    }
  }
}

/**
 * The server's log destination: the same lines as before, written to stdout in batches instead of one write per
 * line. A write per request line (libuv work, a syscall, its callback) cost the hello route about 14 µs of its
 * 36 µs per request (issue 16, measured with LOG_LEVEL=warn against the default). Lines wait at most
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

/** The pino options of the app (LOG_LEVEL) merged over what a caller passes (tests: a stream); false stays off. */
export function loggerOptions(level: string, given: boolean | Record<string, unknown> | undefined) {
  if (given === false) return false;
  const extra = typeof given === 'object' ? given : {};
  return {
    level,
    // The server's stdout, batched (BatchedLog); a caller's own stream (tests) is used as it is.
    ...(extra.stream ? {} : { stream: (stdoutLog ??= new BatchedLog()) }),
    ...extra,
    redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
    serializers: { req: serializeRequest, res: serializeReply, err: serializeError },
  };
}
