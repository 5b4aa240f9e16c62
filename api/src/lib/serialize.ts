// Hand-assembled JSON for the hottest lists (member search, chat list). Their profiles are cached objects shared
// by every viewer for a few seconds, so each is serialised once per cache period with its compiled schema, and
// its bytes are reused by every answer that contains it instead of serialising and encoding 24 profiles per
// request. The route schemas still describe these answers (OpenAPI); `members.test.ts` and
// `conversation-summary.test.ts` check that the output has exactly the contract's fields.
import fastJson from 'fast-json-stringify';
import type { FastifyReply } from 'fastify';
import type { ChatEntry, MembersResponse, Profile } from '@dating/shared/contract/index';
import { ProfileSchema } from './contract';

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

/**
 * Sends JSON bytes built here. Fastify passes a buffer through as it is; the route's typed reply only accepts
 * the schema's object, hence the one cast, kept in this place.
 */
export function sendJson(reply: { type(contentType: string): unknown }, json: Buffer): FastifyReply {
  return (reply.type('application/json; charset=utf-8') as FastifyReply).send(json);
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
