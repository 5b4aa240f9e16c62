// Hand-assembled JSON for the hottest lists (member search, chat list). Their profiles are cached objects shared
// by every viewer for a few seconds, so each is serialised once per cache period with its compiled schema, and
// its bytes are reused by every answer that contains it instead of serialising and encoding 24 profiles per
// request. The route schemas still describe these answers (OpenAPI); `members.test.ts` and
// `conversation-summary.test.ts` check that the output has exactly the contract's fields.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import fastJson from 'fast-json-stringify';
import type { FastifyReply } from 'fastify';
import type { ChatEntry, MembersResponse, Profile } from '@dating/shared/contract/index';
import { ProfileSchema } from '@dating/shared/contract/profile';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Serialises with a compiled schema, once per object, to UTF-8 bytes: answers are assembled from these bytes
 * without encoding them again. The objects must not change after serialisation.
 */
export function memoSerializer<T extends object>(schema: object): (value: T) => Buffer {
  const stringify = fastJson(schema) as (value: T) => string;
  const memo = new WeakMap<T, Buffer>();
  return (value) => {
    let bytes = memo.get(value);
    if (bytes === undefined) {
      bytes = Buffer.from(stringify(value));
      memo.set(value, bytes);
    }
    return bytes;
  };
}

/** Collects JSON text and ready bytes, then writes them into one buffer. */
class JsonWriter {
  private readonly parts: (string | Buffer)[] = [];
  private length = 0;
  text(json: string): this {
    this.parts.push(json);
    this.length += Buffer.byteLength(json);
    return this;
  }
  bytes(json: Buffer): this {
    this.parts.push(json);
    this.length += json.length;
    return this;
  }
  toBuffer(): Buffer {
    const out = Buffer.allocUnsafe(this.length);
    let at = 0;
    for (const part of this.parts) at += typeof part === 'string' ? out.write(part, at) : part.copy(out, at);
    return out;
  }
}

/** Answers smaller than this go out as they are; @fastify/compress (plugins/external.ts) uses the same. */
export const COMPRESS_THRESHOLD = 1024;
type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];
/** Brotli at a low quality: little CPU per answer. Shared with @fastify/compress (plugins/external.ts). */
export const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * The encoding a client accepts, negotiated like @fastify/compress does (q-values, `identity`, `*`). Browsers send
 * a handful of distinct headers, so the answers are kept; the map is emptied if a client sends many different ones.
 */
const negotiated = new Map<string, Encoding | null>();
export function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  let encoding = negotiated.get(header);
  if (encoding === undefined) {
    const found = negotiate(header.toLowerCase().replace(/x-gzip/g, 'gzip'), ENCODINGS);
    encoding = found === 'br' || found === 'gzip' ? found : null;
    if (negotiated.size >= 64) negotiated.clear();
    negotiated.set(header, encoding);
  }
  return encoding;
}

/**
 * Compressed copies of answer bytes, made once per buffer and encoding: the cached answers (member search,
 * chat list, settings) are sent as the same buffer while their caches hold, so a browser's request costs no
 * compression after the first (@fastify/compress would pipe the same bytes through a brotli stream every time).
 * Brotli at quality 4, as the plugin does; compressed off the main thread (zlib's thread pool).
 */
const compressed = new WeakMap<Buffer, Partial<Record<Encoding, Buffer | Promise<Buffer>>>>();
function compressedCopy(json: Buffer, encoding: Encoding): Buffer | Promise<Buffer> {
  let copies = compressed.get(json);
  if (!copies) compressed.set(json, (copies = {}));
  const copy = copies[encoding];
  if (copy) return copy;
  const made = (encoding === 'br' ? brotli(json, BROTLI_OPTIONS) : gzip(json)).then((bytes) => {
    copies[encoding] = bytes;
    return bytes;
  });
  copies[encoding] = made;
  // A failed compression is not kept: the next request tries again.
  made.catch(() => delete copies[encoding]);
  return made;
}

/**
 * Sends JSON bytes built here, compressed when the client accepts it (Content-Encoding and Vary set here, so
 * the compress plugin passes them through). Fastify passes a buffer through as it is; the route's typed reply
 * only accepts the schema's object, hence the one cast, kept in this place.
 */
export function sendJson(reply: FastifyReply, json: Buffer): FastifyReply | Promise<FastifyReply> {
  const typed = reply.type('application/json; charset=utf-8') as FastifyReply;
  const request = reply.request;
  const encoding =
    json.length >= COMPRESS_THRESHOLD && request.headers['x-no-compression'] === undefined
      ? acceptedEncoding(request.headers['accept-encoding'])
      : null;
  if (!encoding) return typed.send(json);
  typed.header('content-encoding', encoding);
  const vary = typed.getHeader('vary');
  typed.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  const copy = compressedCopy(json, encoding);
  return Buffer.isBuffer(copy) ? typed.send(copy) : copy.then((bytes) => typed.send(bytes));
}

/** Profiles here are the shared, read-only objects of the search and profile caches. */
export const profileJson = memoSerializer<Profile>(ProfileSchema);

export function membersJson(r: MembersResponse): Buffer {
  const w = new JsonWriter().text('{"profiles":[');
  r.profiles.forEach((p, i) => {
    if (i) w.text(',');
    w.bytes(profileJson(p));
  });
  return w
    .text(
      `],"pageNumber":${r.pageNumber},"numResults":${r.numResults},"total":${r.total},"similar":${r.similar}}`,
    )
    .toBuffer();
}

export function chatsJson(chats: readonly ChatEntry[]): Buffer {
  const w = new JsonWriter().text('{"chats":[');
  chats.forEach((c, i) => {
    const conversation = JSON.stringify({ id: c.conversation.id, updated_at: c.conversation.updated_at });
    const last = c.last_message;
    const lastJson = last
      ? JSON.stringify({ text: last.text, type: last.type, from_me: last.from_me, sent_at: last.sent_at })
      : 'null';
    w.text(`${i ? ',' : ''}{"conversation":${conversation},"profile":`)
      .bytes(profileJson(c.profile))
      .text(`,"num_unread_messages":${c.num_unread_messages},"last_message":${lastJson}}`);
  });
  return w.text(']}').toBuffer();
}
