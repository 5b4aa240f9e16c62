/**
 * The development and bench endpoints: the embedded outboxes (`/dev/mailbox`, `/dev/sms`), the browser tests'
 * helper `/dev/payments/signup-age.json` (loopback only and never registered in production, like every `/dev/*`
 * route) and the throughput bench's `/api/_bench/*` (only with `BENCH=1`, tools/bench/). No member's page calls
 * them; their requests and answers are written here all the same, like every other area's, so no route file
 * writes a shape of its own (docs/adr/0022-forms-and-schemas.md, addendum).
 */
import { Type, type Static } from 'typebox';

// Outboxes ------------------------------------------------------------------------------------------------------

/** `GET /dev/mailbox(.json)?to=`: the mails to one address, or all. */
export const MailboxQuerySchema = Type.Object({ to: Type.Optional(Type.String({ maxLength: 254 })) });
export type MailboxQuery = Static<typeof MailboxQuerySchema>;
/** `GET /dev/mailbox.json`: the embedded outbox (the api's `OutboxEntry`). */
export const MailboxResponseSchema = Type.Object({
  mails: Type.Array(
    Type.Object({
      id: Type.Integer(),
      to: Type.String(),
      from: Type.String(),
      subject: Type.String(),
      html: Type.String(),
      text: Type.String(),
      headers: Type.Record(Type.String(), Type.String()),
      template: Type.String(),
      locale: Type.String(),
      created_at: Type.String(),
    }),
  ),
});
export type MailboxResponse = Static<typeof MailboxResponseSchema>;

/** `GET /dev/sms(.json)?to=`: the direct-debit codes sent to one number, or all. */
export const SmsOutboxQuerySchema = Type.Object({ to: Type.Optional(Type.String({ maxLength: 32 })) });
export type SmsOutboxQuery = Static<typeof SmsOutboxQuerySchema>;
/** `GET /dev/sms.json`: the embedded SMS outbox (the api's `SmsMessage`). */
export const SmsOutboxResponseSchema = Type.Object({
  messages: Type.Array(
    Type.Object({
      id: Type.Integer(),
      to: Type.String(),
      body: Type.String(),
      created_at: Type.String(),
      sent_at: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});
export type SmsOutboxResponse = Static<typeof SmsOutboxResponseSchema>;

// Browser tests -------------------------------------------------------------------------------------------------

/** `POST /dev/payments/signup-age.json`: move a member's signup `hours` into the past (the time bonus's tests). */
export const DevSignupAgeBodySchema = Type.Object({
  email: Type.String({ maxLength: 254 }),
  hours: Type.Integer({ minimum: 1, maximum: 24 * 30 }),
});
export type DevSignupAgeBody = Static<typeof DevSignupAgeBodySchema>;
export const DevSignupAgeResponseSchema = Type.Object({ signup_date: Type.String() });

// Bench ---------------------------------------------------------------------------------------------------------

/** `GET /api/_bench/memory.json`: the process's memory (after a full GC when the process allows one). */
export const BenchMemorySchema = Type.Object({
  rss: Type.Number(),
  heapUsed: Type.Number(),
  external: Type.Number(),
  arrayBuffers: Type.Number(),
});
export type BenchMemory = Static<typeof BenchMemorySchema>;

/** `POST /api/_bench/trace.json`: start or stop recording the SQL statements the node runs. */
export const BenchTraceBodySchema = Type.Object({ on: Type.Boolean() });
/** The statements as the api's db/trace.ts records them (text, parameters, name), passed through as they are. */
export const BenchTraceResponseSchema = Type.Object({ statements: Type.Array(Type.Unknown()) });

/** `POST /api/_bench/caches`: which in-process caches are off. */
export const BenchCachesBodySchema = Type.Object({
  off: Type.Array(Type.String({ maxLength: 40 }), { maxItems: 20 }),
});
export const BenchCachesResponseSchema = Type.Object({
  off: Type.Array(Type.String()),
  names: Type.Array(Type.String()),
});

/** `POST /api/_bench/members.php`: paid members with sessions, credits and conversations with the site's profiles. */
export const BenchMembersBodySchema = Type.Object({
  members: Type.Integer({ minimum: 1, maximum: 500 }),
  conversations: Type.Integer({ minimum: 0, maximum: 100 }),
  messages: Type.Integer({ minimum: 1, maximum: 100 }),
});
export type BenchMembersBody = Static<typeof BenchMembersBodySchema>;
export const BenchMembersResponseSchema = Type.Object({
  members: Type.Array(
    Type.Object({
      id: Type.Integer(),
      cookie: Type.String(),
      partners: Type.Array(Type.Integer()),
    }),
  ),
});
export type BenchMembersResponse = Static<typeof BenchMembersResponseSchema>;
