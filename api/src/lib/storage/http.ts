import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RangeNotSatisfiableError, type ByteRange, type ObjectStorage, type StoredObject } from './core';

/** Cache-Control of public objects whose key never changes its bytes (approved photos, portraits, icons). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Cache-Control of everything served after an access check: never kept by a shared cache, nor by the browser. */
export const PRIVATE = 'private, no-store';

/**
 * `Range: bytes=a-b | a- | -n` → a range (n = the last n bytes, which needs the size: resolved by the caller).
 * Several ranges or anything malformed: null, and the whole object is sent (RFC 9110 allows ignoring Range).
 */
function parseRange(header: string | undefined): { start?: number; end?: number; suffix?: number } | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (!m[1] && !m[2])) return null;
  if (!m[1]) return { suffix: Number(m[2]) };
  const start = Number(m[1]);
  const end = m[2] ? Number(m[2]) : undefined;
  if (end !== undefined && end < start) return null;
  return { start, ...(end !== undefined ? { end } : {}) };
}

const matches = (ifNoneMatch: string | undefined, etag: string | undefined) =>
  Boolean(
    ifNoneMatch &&
    etag &&
    ifNoneMatch.split(',').some((t) => {
      const tag = t.trim().replace(/^W\//, '');
      return tag === '*' || tag === etag.replace(/^W\//, '');
    }),
  );

/**
 * Sends one stored object as an HTTP answer: GET and HEAD, single byte ranges (206, 416), conditional requests by
 * ETag (304), with the given Cache-Control. The caller decides first whether the requester may see the key: this
 * only serves it. Unknown key: the `notFound` answer (the caller's 404). Storage down: StorageUnavailableError (503).
 */
export async function sendStoredObject(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: ObjectStorage,
  key: string,
  opts: { cacheControl: string; notFound: () => FastifyReply },
): Promise<FastifyReply> {
  const head = request.method === 'HEAD';
  const wanted = parseRange(request.headers.range);
  let range: ByteRange | undefined;
  if (wanted && !head) {
    if (wanted.suffix !== undefined) {
      const info = await storage.head(key);
      if (!info) return opts.notFound();
      range = wanted.suffix === 0 ? { start: info.size } : { start: Math.max(0, info.size - wanted.suffix) };
    } else {
      range = { start: wanted.start!, ...(wanted.end !== undefined ? { end: wanted.end } : {}) };
    }
  }
  reply.header('cache-control', opts.cacheControl);
  let found;
  try {
    found = head ? await storage.head(key) : await storage.get(key, range ? { range } : {});
  } catch (err) {
    if (err instanceof RangeNotSatisfiableError) {
      return reply.code(416).header('content-range', `bytes */${err.size}`).send();
    }
    throw err;
  }
  if (!found) return opts.notFound();
  const stored = 'body' in found ? (found as StoredObject) : null;
  const body = stored?.body ?? null;
  reply.header('accept-ranges', 'bytes');
  if (found.etag) reply.header('etag', found.etag);
  if (found.lastModified) reply.header('last-modified', found.lastModified.toUTCString());
  if (matches(request.headers['if-none-match'], found.etag)) {
    body?.destroy();
    return reply.code(304).send();
  }
  reply.type(found.contentType ?? 'application/octet-stream');
  if (found.contentEncoding) reply.header('content-encoding', found.contentEncoding);
  // HEAD: the size of the whole object; an empty stream keeps Fastify's HEAD handling from zeroing the length.
  if (!body) return reply.header('content-length', found.size).send(Readable.from([]));
  const part = stored?.range;
  if (part) {
    reply
      .code(206)
      .header('content-range', `bytes ${part.start}-${part.end}/${found.size}`)
      .header('content-length', part.end - part.start + 1);
  } else {
    reply.header('content-length', found.size);
  }
  return reply.send(body);
}
