/**
 * The staff back office's API (docs/adr/0018-staff-back-office.md), written once as TypeBox schemas: the server validates requests and
 * serialises answers with them (`api/src/domains/staff/routes/`), the `mf-staff` remote takes their types
 * (`Static<>`). The route list, cookies, limits and enumerations are plain values in `./values/staff`, re-exported
 * here. The same layout as every other area (docs/adr/0022-forms-and-schemas.md, addendum).
 *
 * Import it from '@dating/shared/contract/staff' with `import type` in browser code (the contract index re-exports
 * the types only): the schema library never reaches a browser bundle. Values a remote needs come from
 * '@dating/shared/contract/values/staff'. The lint rule in eslint.config.mjs enforces both.
 *
 * Answers of the member domains that a staff answer embeds (a chat message, a gift, the experiments' report, the
 * members' settings) are those areas' schemas, written once there.
 */
import { Type, type Static } from 'typebox';
import { ChatMessageSchema, GiftSchema } from './chats';
import { Id, LocaleSchema, Nullable, StringEnum } from './common';
import { ExperimentReportSchema } from './experiments';
import { SettingsSchema } from './settings';
import { LOCALES, type Locale } from './values/common';
import { REPORT_REASONS } from './values/likes';
import {
  CASE_STATES,
  STAFF_AUDIT_ACTIONS,
  STAFF_REASON_MAX_LENGTH,
  STAFF_REPLY_MAIL_MAX_LENGTH,
  STAFF_ROLES,
} from './values/staff';

export * from './values/staff';

// The schema helpers are the contract's own (`./common`).

const DateTime = Type.String({ description: 'ISO date-time' });
const MessageTypeSchema = StringEnum(['text', 'gift', 'photo'] as const);
const MoneySchema = Type.Object({ amount: Type.Integer(), currency: Type.String() });

export const StaffIdParamsSchema = Type.Object({ id: Id });
export type StaffIdParams = Static<typeof StaffIdParamsSchema>;

export const StaffOkSchema = Type.Object({ ok: Type.Literal(true) });
export type StaffOk = Static<typeof StaffOkSchema>;
const PageProps = {
  /** Opaque cursor of the next page (older rows); null on the last page. */
  next_cursor: Nullable(Type.String()),
};
export type StaffPage = { next_cursor: string | null };
/** A site as a staff list shows it. */
export const StaffSiteRefSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  host: Type.String(),
});
export type StaffSiteRef = Static<typeof StaffSiteRefSchema>;

// ---- Sign-in ----

export const StaffLoginRequestSchema = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 200 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
});
export type StaffLoginRequest = Static<typeof StaffLoginRequestSchema>;
export const StaffLoginResponseSchema = Type.Union([
  /** Enter the code of the authenticator app. */
  Type.Object({ stage: Type.Literal('totp') }),
  /** First login (or after a reset): scan the QR code, then enter the first code. */
  Type.Object({
    stage: Type.Literal('totp_enrol'),
    /** `otpauth://totp/<issuer>:<email>?secret=…&issuer=…` */
    otpauth_uri: Type.String(),
    /** `data:image/svg+xml;base64,…` of the URI. */
    qr_svg_data_url: Type.String(),
    /** The secret in base32, for typing in by hand. */
    secret: Type.String(),
  }),
]);
export type StaffLoginResponse = Static<typeof StaffLoginResponseSchema>;
export const StaffTotpRequestSchema = Type.Object({
  /** 6 digits. */
  code: Type.String({ pattern: '^[0-9]{6}$' }),
});
export type StaffTotpRequest = Static<typeof StaffTotpRequestSchema>;
export const StaffMeSchema = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  name: Type.String(),
  role: StringEnum(STAFF_ROLES),
  /** `pending`: password given, code still needed; `full`: every staff route of the role is open. */
  stage: StringEnum(['pending', 'full'] as const),
  /** ISO date-time the session ends at the latest. */
  expires_at: DateTime,
  /** The language of error texts (the `locale` cookie, else Accept-Language, else the site's). */
  locale: LocaleSchema,
});
export type StaffMe = Static<typeof StaffMeSchema>;

// ---- Dashboard ----

export const StaffSiteQuerySchema = Type.Object({ site: Type.Optional(Id) });
export type StaffSiteQuery = Static<typeof StaffSiteQuerySchema>;
export const StaffSiteDaySchema = Type.Object({
  site: StaffSiteRefSchema,
  /** Today in the site's time zone. */
  date: Type.String(),
  signups: Type.Integer(),
  activations: Type.Integer(),
  first_purchases: Type.Integer(),
  /** Completed payments today, per currency (minor units). */
  revenue: Type.Array(MoneySchema),
  open: Type.Object({
    /** Conversations with a fictional profile waiting for a reply. */
    replies: Type.Integer(),
    photos: Type.Integer(),
    reports: Type.Integer(),
    complaints: Type.Integer(),
  }),
});
export type StaffSiteDay = Static<typeof StaffSiteDaySchema>;
/** Failed staff sign-ins (wrong passwords and codes, refusals by the limits): shown to admins only. */
export const StaffSignInFailuresSchema = Type.Object({
  last_hour: Type.Integer(),
  last_day: Type.Integer(),
  /** Of `last_day`, the attempts refused by a limit (429). */
  rate_limited_day: Type.Integer(),
  /** `STAFF_ALERT_THRESHOLD`: at this many in an hour the admins get a mail. */
  alert_threshold: Type.Integer(),
  /** The addresses with the most failures in the last day, most first (at most 5). */
  addresses: Type.Array(Type.Object({ ip: Type.String(), count: Type.Integer() })),
});
export type StaffSignInFailures = Static<typeof StaffSignInFailuresSchema>;
export const StaffDashboardSchema = Type.Object({
  sites: Type.Array(StaffSiteDaySchema),
  /** The lander experiments' report (`mf-landers`). */
  experiments: ExperimentReportSchema,
  /** Null for operators. */
  sign_in_failures: Nullable(StaffSignInFailuresSchema),
});
export type StaffDashboard = Static<typeof StaffDashboardSchema>;
export const StaffExperimentsQuerySchema = Type.Object({
  app: Type.String({ minLength: 1, maxLength: 100 }),
});
export const StaffExperimentsResponseSchema = ExperimentReportSchema;

// ---- Queue ----

const SiteLocaleProps = { site: Type.Optional(Id), locale: Type.Optional(LocaleSchema) };
export const StaffQueueQuerySchema = Type.Object({
  ...SiteLocaleProps,
  /** At most 100; 50 when absent. */
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type StaffQueueQuery = Static<typeof StaffQueueQuerySchema>;
const PersonProps = {
  id: Type.Integer(),
  name: Type.String(),
  /** URL of the main photo's thumbnail, null when none is visible. */
  thumb_url: Nullable(Type.String()),
};
export const StaffPersonSchema = Type.Object(PersonProps);
export type StaffPerson = Static<typeof StaffPersonSchema>;
export const StaffClaimSchema = Type.Object({
  staff: Type.Object({ id: Type.Integer(), name: Type.String() }),
  expires_at: DateTime,
  /** True when it is mine. */
  mine: Type.Boolean(),
});
export type StaffClaim = Static<typeof StaffClaimSchema>;
export const StaffQueueItemSchema = Type.Object({
  conversation: Type.Integer(),
  site: StaffSiteRefSchema,
  /** The member's language. */
  locale: LocaleSchema,
  member: StaffPersonSchema,
  fictional: StaffPersonSchema,
  /** When the member's first unanswered message was sent. */
  waiting_since: DateTime,
  /** The member's last message (text, or null for gifts and photos). */
  last_message: Type.Object({ type: MessageTypeSchema, text: Nullable(Type.String()), sent_at: DateTime }),
  /** Null when nobody holds it. */
  claim: Nullable(StaffClaimSchema),
});
export type StaffQueueItem = Static<typeof StaffQueueItemSchema>;
export const StaffQueueResponseSchema = Type.Object({
  items: Type.Array(StaffQueueItemSchema),
  /** Waiting conversations in total (all filters applied), not only this page. */
  total: Type.Integer(),
});
export type StaffQueueResponse = Static<typeof StaffQueueResponseSchema>;
export const StaffClaimRequestSchema = Type.Object({ conversation: Type.Optional(Id), ...SiteLocaleProps });
export type StaffClaimRequest = Static<typeof StaffClaimRequestSchema>;
export const StaffClaimResponseSchema = Type.Object({ conversation: Type.Integer(), expires_at: DateTime });
export type StaffClaimResponse = Static<typeof StaffClaimResponseSchema>;
export const StaffReleaseRequestSchema = Type.Object({ conversation: Id });
export type StaffReleaseRequest = Static<typeof StaffReleaseRequestSchema>;
/** The member's side, as an operator needs it to answer. */
export const StaffMemberProfileSchema = Type.Object({
  ...PersonProps,
  age: Nullable(Type.Integer()),
  gender: Nullable(Type.String()),
  country: Nullable(Type.String()),
  city: Nullable(Type.String()),
  about: Nullable(Type.String()),
  locale: LocaleSchema,
  signup_date: DateTime,
  paid_user: Type.Boolean(),
});
export type StaffMemberProfile = Static<typeof StaffMemberProfileSchema>;
export const StaffAlbumPhotoSchema = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  thumb_url: Type.String(),
});
export type StaffAlbumPhoto = Static<typeof StaffAlbumPhotoSchema>;
const ThumbSize = Type.Optional(StringEnum(['thumb'] as const));
/** `GET /api/staff/conversations/:id/photo?photo=&size=thumb`. */
export const StaffChatPhotoQuerySchema = Type.Object({ photo: Id, size: ThumbSize });
export type StaffChatPhotoQuery = Static<typeof StaffChatPhotoQuerySchema>;
/** `GET /api/staff/photos/:id/file?size=thumb`. */
export const StaffPhotoFileQuerySchema = Type.Object({ size: ThumbSize });
export type StaffPhotoFileQuery = Static<typeof StaffPhotoFileQuerySchema>;
export const StaffConversationSchema = Type.Object({
  conversation: Type.Integer(),
  site: StaffSiteRefSchema,
  member: StaffMemberProfileSchema,
  fictional: Type.Object({
    ...PersonProps,
    about: Nullable(Type.String()),
    album: Type.Array(StaffAlbumPhotoSchema),
  }),
  /**
   * Oldest first; the last `STAFF_HISTORY_LIMIT` messages, each a member's `ChatMessage` whose `from_me` means sent
   * by the fictional profile; a photo's `url`/`thumb_url` lead to the staff route `chatPhoto` (members' chat photo
   * URLs answer only the two members).
   */
  messages: Type.Array(ChatMessageSchema),
  /** The gift catalogue (names in the member's language). */
  gifts: Type.Array(GiftSchema),
  claim: Nullable(StaffClaimSchema),
});
export type StaffConversation = Static<typeof StaffConversationSchema>;
export const StaffReplyRequestSchema = Type.Object({
  /** Idempotency key (UUID): the same key twice sends one message. */
  client_id: Type.String({ minLength: 8, maxLength: 64 }),
  type: MessageTypeSchema,
  text: Type.Optional(Type.String({ maxLength: 20_000 })),
  gift_id: Type.Optional(Id),
  /** A photo of the fictional profile's album (`StaffConversation.fictional.album`). */
  album_photo_id: Type.Optional(Id),
});
export type StaffReplyRequest = Static<typeof StaffReplyRequestSchema>;
export const StaffReplyResponseSchema = Type.Object({
  message: ChatMessageSchema,
  /** The claim, renewed. */
  claim: StaffClaimSchema,
});
export type StaffReplyResponse = Static<typeof StaffReplyResponseSchema>;

// ---- Moderation ----

export const StaffPendingPhotoSchema = Type.Object({
  id: Type.Integer(),
  member: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    email: Nullable(Type.String()),
    locale: LocaleSchema,
  }),
  site: StaffSiteRefSchema,
  url: Type.String(),
  thumb_url: Type.String(),
  uploaded_at: DateTime,
});
export type StaffPendingPhoto = Static<typeof StaffPendingPhotoSchema>;
export const StaffPhotosResponseSchema = Type.Object({ photos: Type.Array(StaffPendingPhotoSchema) });
export type StaffPhotosResponse = Static<typeof StaffPhotosResponseSchema>;
export const StaffReasonRequestSchema = Type.Object({
  /** Shown to the member (photo rejection) or kept in the audit log; 1..STAFF_REASON_MAX_LENGTH characters. */
  reason: Type.String({ minLength: 1, maxLength: STAFF_REASON_MAX_LENGTH }),
});
export type StaffReasonRequest = Static<typeof StaffReasonRequestSchema>;
const CaseStateSchema = StringEnum(CASE_STATES);
export const StaffCaseQuerySchema = Type.Object({
  state: Type.Optional(CaseStateSchema),
  site: Type.Optional(Id),
  /** `next_cursor` of the previous page. */
  cursor: Type.Optional(Type.String({ maxLength: 20 })),
});
export type StaffCaseQuery = Static<typeof StaffCaseQuerySchema>;
export const StaffCaseUpdateSchema = Type.Object({
  state: Type.Optional(CaseStateSchema),
  /** Mailed to the member (report) or to the address given (complaint); at least one of state and reply. */
  reply: Type.Optional(Type.String({ maxLength: STAFF_REPLY_MAIL_MAX_LENGTH })),
});
export type StaffCaseUpdate = Static<typeof StaffCaseUpdateSchema>;
export const StaffCaseReplySchema = Type.Object({
  text: Type.String(),
  staff: Type.String(),
  sent_at: DateTime,
});
export type StaffCaseReply = Static<typeof StaffCaseReplySchema>;
export const StaffReportSchema = Type.Object({
  id: Type.Integer(),
  site: StaffSiteRefSchema,
  reporter: Nullable(
    Type.Object({ id: Type.Integer(), name: Type.String(), email: Nullable(Type.String()) }),
  ),
  reported: Nullable(Type.Object({ id: Type.Integer(), name: Type.String(), fictional: Type.Boolean() })),
  conversation: Nullable(Type.Integer()),
  reason: StringEnum(REPORT_REASONS),
  text: Nullable(Type.String()),
  state: CaseStateSchema,
  replies: Type.Array(StaffCaseReplySchema),
  created_at: DateTime,
  updated_at: DateTime,
});
export type StaffReport = Static<typeof StaffReportSchema>;
export const StaffReportsResponseSchema = Type.Object({
  ...PageProps,
  reports: Type.Array(StaffReportSchema),
});
export type StaffReportsResponse = Static<typeof StaffReportsResponseSchema>;
export const StaffComplaintSchema = Type.Object({
  id: Type.Integer(),
  site: StaffSiteRefSchema,
  member: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  name: Nullable(Type.String()),
  email: Type.String(),
  subject: Nullable(Type.String()),
  message: Type.String(),
  state: CaseStateSchema,
  replies: Type.Array(StaffCaseReplySchema),
  created_at: DateTime,
  updated_at: DateTime,
});
export type StaffComplaint = Static<typeof StaffComplaintSchema>;
export const StaffComplaintsResponseSchema = Type.Object({
  ...PageProps,
  complaints: Type.Array(StaffComplaintSchema),
});
export type StaffComplaintsResponse = Static<typeof StaffComplaintsResponseSchema>;

// ---- Members ----

export const StaffMemberQuerySchema = Type.Object({
  /** An email (or part), a name (or part), or a member id. */
  q: Type.String({ minLength: 1, maxLength: 200 }),
  site: Type.Optional(Id),
});
export type StaffMemberQuery = Static<typeof StaffMemberQuerySchema>;
export const STAFF_MEMBER_STATUSES = ['not_confirmed', 'confirmed', 'deleted'] as const;
export type StaffMemberStatus = (typeof STAFF_MEMBER_STATUSES)[number];
export const StaffMemberAccountSchema = Type.Object({
  id: Type.Integer(),
  site: StaffSiteRefSchema,
  email: Nullable(Type.String()),
  name: Type.String(),
  status: StringEnum(STAFF_MEMBER_STATUSES),
  locale: LocaleSchema,
  credits: Type.Integer(),
  paid_user: Type.Boolean(),
  signup_date: DateTime,
  confirmed_at: Nullable(DateTime),
  last_seen_at: Nullable(DateTime),
  /** Null unless banned. */
  banned: Nullable(Type.Object({ at: DateTime, reason: Type.String(), by: Type.String() })),
});
export type StaffMemberAccount = Static<typeof StaffMemberAccountSchema>;
export const StaffMembersResponseSchema = Type.Object({ members: Type.Array(StaffMemberAccountSchema) });
export type StaffMembersResponse = Static<typeof StaffMembersResponseSchema>;
export const StaffLedgerRowSchema = Type.Object({
  id: Type.Integer(),
  /** Positive: credited; negative: spent or taken back. */
  amount: Type.Integer(),
  kind: Type.String(),
  ref: Nullable(Type.String()),
  /** For a staff grant: the staff member's name. */
  staff: Nullable(Type.String()),
  note: Nullable(Type.String()),
  created_at: DateTime,
});
export type StaffLedgerRow = Static<typeof StaffLedgerRowSchema>;
export const StaffOrderSchema = Type.Object({
  id: Type.Integer(),
  status: Type.String(),
  credits: Type.Integer(),
  price: MoneySchema,
  method: Nullable(Type.String()),
  provider: Nullable(Type.String()),
  created_at: DateTime,
  completed_at: Nullable(DateTime),
  refunded_at: Nullable(DateTime),
  /** Whether the refund button applies: completed and within the site's `refund_days`. */
  refundable: Type.Boolean(),
});
export type StaffOrder = Static<typeof StaffOrderSchema>;
export const StaffMemberDetailSchema = Type.Object({
  account: StaffMemberAccountSchema,
  /** Newest first, the last 200. */
  ledger: Type.Array(StaffLedgerRowSchema),
  orders: Type.Array(StaffOrderSchema),
  /** Reports about the member and by the member. */
  reports: Type.Array(StaffReportSchema),
});
export type StaffMemberDetail = Static<typeof StaffMemberDetailSchema>;
export const StaffGrantRequestSchema = Type.Object({
  /** Credits to add (negative: to take away). */
  amount: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 }),
  reason: Type.String({ minLength: 1, maxLength: STAFF_REASON_MAX_LENGTH }),
});
export type StaffGrantRequest = Static<typeof StaffGrantRequestSchema>;
export const StaffGrantResponseSchema = Type.Object({
  credits: Type.Integer(),
  ledger: StaffLedgerRowSchema,
});
export type StaffGrantResponse = Static<typeof StaffGrantResponseSchema>;
export const StaffRefundResponseSchema = Type.Object({
  order: StaffOrderSchema,
  /** Credits taken back, and what the member had already spent of them. */
  taken: Type.Integer(),
  shortfall: Type.Integer(),
});
export type StaffRefundResponse = Static<typeof StaffRefundResponseSchema>;

// ---- Sites and settings ----

const SiteText = Type.Optional(Type.String());
/** Texts a site words per locale. */
export const StaffSiteTextsSchema = Type.Object({
  index_title: SiteText,
  description: SiteText,
  fictional_warning: SiteText,
  fictional_singular: SiteText,
  fictional_plural: SiteText,
});
export type StaffSiteTexts = Static<typeof StaffSiteTextsSchema>;
const NICHES = [1, 2, 3, 4, 5, 6, 7] as const;
/** The niche numbers as an integer enum. */
const NicheSchema = Type.Unsafe<(typeof NICHES)[number]>({ type: 'integer', enum: [...NICHES] });
const LoggedOutSearchSchema = StringEnum(['none', 'other'] as const);
/** The editable settings of docs/product/sites-and-landers.md. */
export const StaffSiteSettingsSchema = Type.Object({
  name: Type.String(),
  /** A host name like `example.nl` (no scheme, no path). */
  domain: Type.String(),
  niche: NicheSchema,
  message_credits: Type.Integer(),
  photo_credits: Type.Integer(),
  gift_credits: Type.Integer(),
  signup_credits: Type.Integer(),
  message_length: Type.Integer(),
  refund_days: Type.Integer(),
  min_age: Type.Integer(),
  /**
   * Minutes after which a photo nobody reviewed becomes public on this site; 0 (the default): never, a photo is
   * public only once staff approved it (docs/product/member-model.md, Photos).
   */
  photo_auto_approve_minutes: Type.Integer(),
  index_title: Type.String(),
  description: Type.String(),
  /** Per locale, overriding the texts above. */
  texts: Type.Unsafe<Partial<Record<Locale, StaffSiteTexts>>>(
    Type.Object(Object.fromEntries(LOCALES.map((l) => [l, Type.Optional(StaffSiteTextsSchema)]))),
  ),
  signups: StringEnum(['all', 'with_trafficsource', 'none'] as const),
  logged_out_search: LoggedOutSearchSchema,
  logged_out_search_trafficsource: LoggedOutSearchSchema,
  enable_site_entry_popup: StringEnum(['yes', 'no'] as const),
  support_email: Type.String(),
  support_phone: Type.String(),
  mail_name: Type.String(),
});
export type StaffSiteSettings = Static<typeof StaffSiteSettingsSchema>;
export const StaffSiteSchema = Type.Object({
  site: StaffSiteRefSchema,
  /** Increases with every save; send it back with the edit. */
  version: Type.Integer(),
  settings: StaffSiteSettingsSchema,
  /** What members' `GET /api/settings.php` answers with these settings (the preview). */
  preview: Type.Omit(SettingsSchema, ['geoip_country', 'geoip_selected_country']),
  updated_at: DateTime,
  updated_by: Nullable(Type.String()),
});
export type StaffSite = Static<typeof StaffSiteSchema>;
export const StaffSitesResponseSchema = Type.Object({
  sites: Type.Array(
    Type.Object({
      ...StaffSiteRefSchema.properties,
      version: Type.Integer(),
      niche: NicheSchema,
      domain: Type.String(),
    }),
  ),
});
export type StaffSitesResponse = Static<typeof StaffSitesResponseSchema>;
export const StaffSiteUpdateSchema = Type.Object({
  /** The `version` the edit is based on. */
  version: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  /**
   * Only the fields that change. Open here: the settings' own checks name the offending field
   * (`api/src/domains/staff/site-settings.ts`).
   */
  settings: Type.Unsafe<Partial<StaffSiteSettings>>(Type.Record(Type.String(), Type.Unknown())),
});
export type StaffSiteUpdate = Static<typeof StaffSiteUpdateSchema>;

// ---- Staff accounts ----

export const StaffAccountSchema = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  name: Type.String(),
  role: StringEnum(STAFF_ROLES),
  totp_enrolled: Type.Boolean(),
  disabled: Type.Boolean(),
  created_at: DateTime,
  last_login_at: Nullable(DateTime),
});
export type StaffAccount = Static<typeof StaffAccountSchema>;
export const StaffAccountsResponseSchema = Type.Object({ accounts: Type.Array(StaffAccountSchema) });
export type StaffAccountsResponse = Static<typeof StaffAccountsResponseSchema>;
export const StaffAccountCreateSchema = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 200 }),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  role: StringEnum(STAFF_ROLES),
  /** At least STAFF_PASSWORD_MIN_LENGTH characters (checked by the service: 400 `password_too_short`). */
  password: Type.String({ minLength: 1, maxLength: 200 }),
});
export type StaffAccountCreate = Static<typeof StaffAccountCreateSchema>;

// ---- Audit log ----

const AuditActionSchema = StringEnum(STAFF_AUDIT_ACTIONS);
export const StaffAuditEntrySchema = Type.Object({
  id: Type.Integer(),
  /** Null for a failed login with an unknown email. */
  staff: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  action: AuditActionSchema,
  /** e.g. `member`, `photo`, `site`, `order`, `conversation`, `staff`. */
  target_type: Nullable(Type.String()),
  target_id: Nullable(Type.Integer()),
  before: Type.Unknown(),
  after: Type.Unknown(),
  ip: Nullable(Type.String()),
  created_at: DateTime,
});
export type StaffAuditEntry = Static<typeof StaffAuditEntrySchema>;
export const StaffAuditQuerySchema = Type.Object({
  staff: Type.Optional(Id),
  action: Type.Optional(AuditActionSchema),
  target_type: Type.Optional(Type.String({ maxLength: 40 })),
  target_id: Type.Optional(Id),
  cursor: Type.Optional(Type.String({ maxLength: 20 })),
});
export type StaffAuditQuery = Static<typeof StaffAuditQuerySchema>;
export const StaffAuditResponseSchema = Type.Object({
  ...PageProps,
  entries: Type.Array(StaffAuditEntrySchema),
});
export type StaffAuditResponse = Static<typeof StaffAuditResponseSchema>;

// ---- Rollouts ----

/**
 * A metric the guard compared, canary against stable (rates 0–1, LCP and INP p75 in ms). `same`: shown within the
 * margin; `too_few`: not decided yet (`better`: only in decisions of the earlier rule).
 */
export const StaffRolloutMetricSchema = Type.Object({
  name: StringEnum(['errors', 'load_failures', 'lcp', 'inp', 'signups'] as const),
  stable: Type.Number(),
  canary: Type.Number(),
  verdict: StringEnum(['worse', 'same', 'better', 'too_few'] as const),
});
export type StaffRolloutMetric = Static<typeof StaffRolloutMetricSchema>;

/**
 * A decision's reason as data (the `reason` text is English, for the CLI and the log): `worse` names the metrics,
 * `undecided` the metrics not yet shown within the margin, `step_time` the seconds left, `advance` the weights,
 * `by_hand` a registry changed by an operator; `too_few_views` (views per arm and the minimum) and `too_few_visits`
 * (the minimum of visits) are the earlier rule's.
 */
export const StaffRolloutReasonSchema = Type.Union([
  Type.Object({ code: Type.Literal('worse'), metrics: Type.Array(StaffRolloutMetricSchema.properties.name) }),
  Type.Object({
    code: Type.Literal('undecided'),
    metrics: Type.Array(StaffRolloutMetricSchema.properties.name),
  }),
  Type.Object({ code: Type.Literal('too_few_views'), views: Type.Number(), min: Type.Number() }),
  Type.Object({ code: Type.Literal('step_time'), seconds: Type.Number() }),
  Type.Object({ code: Type.Literal('too_few_visits'), min: Type.Number() }),
  Type.Object({ code: Type.Literal('promote') }),
  Type.Object({ code: Type.Literal('advance'), from: Type.Number(), to: Type.Number() }),
  Type.Object({ code: Type.Literal('by_hand') }),
]);
export type StaffRolloutReason = Static<typeof StaffRolloutReasonSchema>;

/** One decision of the canary guard, with the numbers it was made on (docs/adr/0032-canary-guard.md). */
/**
 * An arm's numbers as the guard recorded them (page views, error views, load failures, LCP and INP p75, visits,
 * signups).
 */
export const StaffRolloutArmSchema = Type.Object({
  pageViews: Type.Number(),
  errorViews: Type.Number(),
  loadFailureViews: Type.Number(),
  lcp_samples: Type.Number(),
  lcp_p75: Nullable(Type.Number()),
  inp_samples: Type.Optional(Type.Number()),
  inp_p75: Type.Optional(Nullable(Type.Number())),
  visits: Type.Optional(Type.Number()),
  signups: Type.Optional(Type.Number()),
});
export type StaffRolloutArm = Static<typeof StaffRolloutArmSchema>;
export const StaffRolloutDecisionSchema = Type.Object({
  action: StringEnum(['advance', 'promote', 'rollback', 'stop'] as const),
  weight_before: Type.Number(),
  weight_after: Nullable(Type.Number()),
  reason: Type.String(),
  /** Both arms, the metrics and `why` (a stop: the registry it found, and `why`). */
  evidence: Nullable(
    Type.Object({
      stable: Type.Optional(StaffRolloutArmSchema),
      canary: Type.Optional(StaffRolloutArmSchema),
      metrics: Type.Optional(Type.Array(StaffRolloutMetricSchema)),
      why: Type.Optional(StaffRolloutReasonSchema),
    }),
  ),
  at: DateTime,
});
export type StaffRolloutDecision = Static<typeof StaffRolloutDecisionSchema>;
export const StaffRolloutSchema = Type.Object({
  id: Type.Integer(),
  app: Type.String(),
  stable_version: Type.String(),
  canary_version: Type.String(),
  steps: Type.Array(Type.Number()),
  weight: Type.Number(),
  status: StringEnum(['running', 'promoted', 'rolled_back', 'stopped'] as const),
  started_at: DateTime,
  ended_at: Nullable(DateTime),
  step_started_at: DateTime,
  /** The last evaluation (waits included): action, reason and both arms. */
  last_decision: Nullable(
    Type.Object({
      action: StringEnum(['advance', 'promote', 'rollback', 'wait'] as const),
      reason: Type.String(),
      /** Absent in decisions recorded before the reason was kept as data. */
      why: Type.Optional(StaffRolloutReasonSchema),
      /** The guard's measures behind the decision (api/src/domains/experiments/guard-rule.ts). */
      metrics: Type.Array(StaffRolloutMetricSchema),
      at: DateTime,
      stable: StaffRolloutArmSchema,
      canary: StaffRolloutArmSchema,
    }),
  ),
  decisions: Type.Array(StaffRolloutDecisionSchema),
  /** The canary's most reported errors, each stack frame mapped to source when the version's map answered. */
  topErrors: Type.Array(
    Type.Object({
      kind: Type.String(),
      message: Type.String(),
      count: Type.Integer(),
      last_seen: DateTime,
      frames: Type.Array(Type.Object({ raw: Type.String(), source: Nullable(Type.String()) })),
    }),
  ),
});
export type StaffRollout = Static<typeof StaffRolloutSchema>;
export const StaffRolloutsSchema = Type.Object({ rollouts: Type.Array(StaffRolloutSchema) });
export type StaffRollouts = Static<typeof StaffRolloutsSchema>;
