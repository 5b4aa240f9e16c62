/**
 * The staff back office's API (issue 14): one typed contract for the server (`api/src/domains/staff`) and the
 * `mf-staff` remote. Every route is listed in `STAFF_ROUTES` with its method, path and the role it needs; the
 * server registers exactly that list and its tests iterate over it (member, operator, admin, visitor).
 *
 * Paths are absolute (`/api/staff/...`); `:id` is a positive integer. Every state-changing call needs the
 * `X-Requested-With` header like every other `/api/` call (docs/adr/0007-server-by-domain.md). Every error answers `ApiErrorBody`
 * with a translated message (the language of the `locale` cookie, else Accept-Language, else the site's).
 *
 * Staff are not members: they have their own accounts (`staff_accounts`), their own session cookie
 * (`STAFF_SESSION_COOKIE`, shorter than a member's) and are never shown to members. A member's session reaches
 * nothing here: 403 `forbidden` on every route that needs a role; a request without any session gets 403
 * `auth_required`; an operator on an admin route gets 403 `forbidden`.
 *
 * Sign-in is two steps: `login` (email + password) opens a pending session (`STAFF_PENDING_MINUTES`), then
 * `totp` (a 6-digit code of the authenticator app) completes it. On first login (or after an admin reset the
 * second factor) `login` answers the enrolment: the otpauth URI and its QR code; the first valid code confirms
 * it. A pending session reaches only `totp`, `me` and `logout`.
 */
import type { Locale } from './common';
import type { ChatMessage, Gift, MessageType } from './chats';
import type { ExperimentReport } from './experiments';
import type { Money } from './payments';
import type { LoggedOutSearch, Niche, Settings, SignupsSetting } from './settings';
import type { ReportReason } from './likes';

export const STAFF_ROLES = ['operator', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The staff session cookie (httpOnly, path `/`); members' `sid` is a different cookie. */
export const STAFF_SESSION_COOKIE = 'staff_sid';
/** A full staff session ends this long after sign-in (members stay signed in for days). */
export const STAFF_SESSION_HOURS = 8;
/** ...or after this long without a staff request. */
export const STAFF_IDLE_MINUTES = 30;
/** Between the password and the second factor. */
export const STAFF_PENDING_MINUTES = 10;
/** A claimed conversation is the operator's for this long (renewed by every reply); then it returns to the queue. */
export const QUEUE_CLAIM_MINUTES = 5;
/** Staff password: at least this long. */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
/**
 * Failed passwords (per typed email, or per known device of the account) or failed codes (per account) within
 * `STAFF_LOCK_MINUTES` before 429.
 */
export const STAFF_MAX_FAILURES = 5;
export const STAFF_LOCK_MINUTES = 15;
/** Failed sign-ins from one address (without a known device) within `STAFF_LOCK_MINUTES` before 429. */
export const STAFF_ADDRESS_MAX_FAILURES = 20;
/** Failed staff sign-ins (passwords and codes, all accounts) within an hour that mail the admins (once an hour). */
export const STAFF_ALERT_THRESHOLD = 20;
/** A staff member's known device: set at each completed sign-in, it keeps its own count of failures. */
export const STAFF_DEVICE_COOKIE = 'staff_did';
export const STAFF_DEVICE_COOKIE_DAYS = 365;
export const STAFF_REASON_MAX_LENGTH = 1000;
export const STAFF_REPLY_MAIL_MAX_LENGTH = 5000;

/**
 * Who may call a route: `public` (no session: login), `pending` (after the password, before the code: totp, me,
 * logout), `operator` (operators and admins, both factors), `admin` (admins only).
 */
export type StaffAccess = 'public' | 'pending' | 'operator' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface StaffRouteSpec {
  method: HttpMethod;
  path: string;
  access: StaffAccess;
}

/**
 * Every staff route. Errors common to all: 400 `validation` (with `field`), 403 `auth_required` (no staff
 * session), 403 `forbidden` (a member's session, or an operator on an admin route), 404 `not_found` (unknown
 * id). The extra ones are listed per route.
 */
export const STAFF_ROUTES = {
  // ---- Sign-in ----
  /**
   * → `StaffLoginResponse`. 401 `login_failed` (unknown email, wrong password, disabled), 429 `rate_limited` (too
   * many failures for the email, or from the address; a known device of the account counts on its own).
   */
  login: { method: 'POST', path: '/api/staff/login', access: 'public' },
  /** `StaffTotpRequest` → `StaffMe`. 401 `totp_invalid`, 429 `rate_limited` (then sign in again). */
  totp: { method: 'POST', path: '/api/staff/totp', access: 'pending' },
  /** → `{ ok: true }`; ends the staff session (idempotent). */
  logout: { method: 'POST', path: '/api/staff/logout', access: 'pending' },
  /** → `StaffMe` (also during the pending step: `stage` says which). */
  me: { method: 'GET', path: '/api/staff/me', access: 'pending' },

  // ---- Dashboard ----
  /** `?site=` optional → `StaffDashboard`. */
  dashboard: { method: 'GET', path: '/api/staff/dashboard', access: 'operator' },
  /** `?app=mf-landers` → `ExperimentReport` (the lander experiments' report). */
  experiments: { method: 'GET', path: '/api/staff/experiments', access: 'operator' },
  /** → `StaffRollouts`: running and recent canary rollouts (the canary guard), with the canary's top errors. */
  rollouts: { method: 'GET', path: '/api/staff/rollouts', access: 'operator' },

  // ---- Reply queue ----
  /** `StaffQueueQuery` → `StaffQueueResponse`: waiting conversations, oldest first. */
  queue: { method: 'GET', path: '/api/staff/queue', access: 'operator' },
  /**
   * `StaffClaimRequest` → `StaffClaimResponse`. Without `conversation`: the oldest unclaimed waiting one (of
   * `site`/`locale` when given). 404 `not_found` (nothing waiting / not a waiting conversation), 409
   * `claim_taken` (another operator holds it).
   */
  claim: { method: 'POST', path: '/api/staff/queue/claim', access: 'operator' },
  /** `StaffReleaseRequest` → `{ ok: true }` (only my own claim; idempotent). */
  release: { method: 'POST', path: '/api/staff/queue/release', access: 'operator' },
  /** → `StaffConversation`: the member, the fictional profile with its album, the history, my claim. */
  conversation: { method: 'GET', path: '/api/staff/conversations/:id', access: 'operator' },
  /**
   * `StaffReplyRequest` → 201 `StaffReplyResponse`: sent as the fictional profile through the chat's send path
   * (the member receives it live). 409 `claim_expired` (I do not hold the claim), 400 `message_empty`,
   * `message_too_long`, 404 `not_found` (gift or album photo), 403 `blocked`, 410 `member_unavailable`.
   */
  reply: { method: 'POST', path: '/api/staff/conversations/:id/reply', access: 'operator' },
  /**
   * `StaffChatPhotoQuery` → the JPEG of a photo sent in that conversation (the `photo.url` / `photo.thumb_url` of a
   * `StaffMessage` point here). 404 `not_found` (not a photo of that conversation).
   */
  chatPhoto: { method: 'GET', path: '/api/staff/conversations/:id/photo', access: 'operator' },

  // ---- Moderation ----
  /** `?site=` → `StaffPhotosResponse`: photos under inspection, oldest first. */
  photos: { method: 'GET', path: '/api/staff/photos', access: 'operator' },
  /**
   * `?size=thumb` → the JPEG of a member photo in any state (the `url` / `thumb_url` of a `StaffPendingPhoto` point
   * here), `private, no-store`: photos under inspection are not public (ADR 0024). 404 `not_found`.
   */
  photoFile: { method: 'GET', path: '/api/staff/photos/:id/file', access: 'operator' },
  /** → `{ ok: true }`: visible at once on every node. 404 `not_found` (unknown or no longer under inspection). */
  photoApprove: { method: 'POST', path: '/api/staff/photos/:id/approve', access: 'operator' },
  /** `StaffReasonRequest` → `{ ok: true }`: removed; the member gets the reason by mail in their language. */
  photoReject: { method: 'POST', path: '/api/staff/photos/:id/reject', access: 'operator' },
  /** `StaffCaseQuery` → `StaffReportsResponse`. */
  reports: { method: 'GET', path: '/api/staff/reports', access: 'operator' },
  /** `StaffCaseUpdate` → `StaffReport` (state and/or a reply mailed to the reporter). */
  reportUpdate: { method: 'POST', path: '/api/staff/reports/:id', access: 'operator' },
  /** `StaffCaseQuery` → `StaffComplaintsResponse`. */
  complaints: { method: 'GET', path: '/api/staff/complaints', access: 'operator' },
  /** `StaffCaseUpdate` → `StaffComplaint` (state and/or a reply mailed to the complainant's address). */
  complaintUpdate: { method: 'POST', path: '/api/staff/complaints/:id', access: 'operator' },

  // ---- Members (admin) ----
  /** `StaffMemberQuery` → `StaffMembersResponse` (email, name or id; real members only, never fictional). */
  members: { method: 'GET', path: '/api/staff/members', access: 'admin' },
  /** → `StaffMemberDetail`: account, credits ledger, orders, reports. */
  member: { method: 'GET', path: '/api/staff/members/:id', access: 'admin' },
  /** `StaffReasonRequest` → `StaffMemberAccount`: sessions ended; the member sees `/pages/ban`. 409 `record_changed` if already banned. */
  memberBan: { method: 'POST', path: '/api/staff/members/:id/ban', access: 'admin' },
  /** → `StaffMemberAccount`. */
  memberUnban: { method: 'POST', path: '/api/staff/members/:id/unban', access: 'admin' },
  /** `StaffGrantRequest` → `StaffGrantResponse`: a ledger row `grant` naming the staff member. */
  memberCredits: { method: 'POST', path: '/api/staff/members/:id/credits', access: 'admin' },
  /** → `{ ok: true }`: the activation mail again. 409 `record_changed` when the account is already active. */
  memberActivation: { method: 'POST', path: '/api/staff/members/:id/resend-activation', access: 'admin' },
  /** → `{ ok: true }`: deleted like the member's own deletion (sessions ended, profile gone). */
  memberDelete: { method: 'DELETE', path: '/api/staff/members/:id', access: 'admin' },

  // ---- Payments (admin) ----
  /**
   * `StaffReasonRequest` → `StaffRefundResponse`: through the provider that took the payment, then the credits
   * are taken back. 409 `refund_window` (older than the site's `refund_days`), 409 `refund_unavailable` (not a
   * completed payment, or already refunded), 502 `payment_failed` (the provider refused).
   */
  refund: { method: 'POST', path: '/api/staff/orders/:id/refund', access: 'admin' },

  // ---- Sites and settings (admin) ----
  /** → `StaffSitesResponse`. */
  sites: { method: 'GET', path: '/api/staff/sites', access: 'admin' },
  /** → `StaffSite` (editable settings, `version`, and the members' `Settings` as preview). */
  site: { method: 'GET', path: '/api/staff/sites/:id', access: 'admin' },
  /**
   * `StaffSiteUpdate` → `StaffSite` (the new version): applies on every API node at once. 400 `validation` with
   * `field` (e.g. `message_credits`, `niche`, `domain`, `texts.de.index_title`), 409 `record_changed` (someone
   * saved since `version` was read: reload).
   */
  siteUpdate: { method: 'PUT', path: '/api/staff/sites/:id', access: 'admin' },

  // ---- Staff accounts (admin) ----
  /** → `StaffAccountsResponse`. */
  accounts: { method: 'GET', path: '/api/staff/accounts', access: 'admin' },
  /** `StaffAccountCreate` → 201 `StaffAccount`. 409 `email_taken`, 400 `password_too_short`. */
  accountCreate: { method: 'POST', path: '/api/staff/accounts', access: 'admin' },
  /** → `StaffAccount`: sessions ended. 400 `self_action` (my own account). */
  accountDisable: { method: 'POST', path: '/api/staff/accounts/:id/disable', access: 'admin' },
  /** → `StaffAccount`: enrols again at the next login; sessions ended. */
  accountReset2fa: { method: 'POST', path: '/api/staff/accounts/:id/reset-2fa', access: 'admin' },

  // ---- Audit log ----
  /** `StaffAuditQuery` → `StaffAuditResponse`, newest first (append-only: no route changes it). */
  audit: { method: 'GET', path: '/api/staff/audit', access: 'operator' },
} as const satisfies Record<string, StaffRouteSpec>;

export type StaffRouteName = keyof typeof STAFF_ROUTES;

/** `/api/staff/members/:id` + 7 → `/api/staff/members/7`. */
export function staffPath(name: StaffRouteName, id?: number): string {
  const path: string = STAFF_ROUTES[name].path;
  return id === undefined ? path : path.replace(':id', String(id));
}

export interface StaffOk {
  ok: true;
}
export interface StaffPage {
  /** Opaque cursor of the next page (older rows); null on the last page. */
  next_cursor: string | null;
}
/** A site as a staff list shows it. */
export interface StaffSiteRef {
  id: number;
  name: string;
  host: string;
}

// ---- Sign-in ----

export interface StaffLoginRequest {
  email: string;
  password: string;
}
export type StaffLoginResponse =
  /** Enter the code of the authenticator app. */
  | { stage: 'totp' }
  /** First login (or after a reset): scan the QR code, then enter the first code. */
  | {
      stage: 'totp_enrol';
      /** `otpauth://totp/<issuer>:<email>?secret=…&issuer=…` */
      otpauth_uri: string;
      /** `data:image/svg+xml;base64,…` of the URI. */
      qr_svg_data_url: string;
      /** The secret in base32, for typing in by hand. */
      secret: string;
    };
export interface StaffTotpRequest {
  /** 6 digits. */
  code: string;
}
export interface StaffMe {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  /** `pending`: password given, code still needed; `full`: every staff route of the role is open. */
  stage: 'pending' | 'full';
  /** ISO date-time the session ends at the latest. */
  expires_at: string;
  /** The language of error texts (the `locale` cookie, else Accept-Language, else the site's). */
  locale: Locale;
}

// ---- Dashboard ----

export interface StaffSiteDay {
  site: StaffSiteRef;
  /** Today in the site's time zone. */
  date: string;
  signups: number;
  activations: number;
  first_purchases: number;
  /** Completed payments today, per currency (minor units). */
  revenue: Money[];
  open: {
    /** Conversations with a fictional profile waiting for a reply. */
    replies: number;
    photos: number;
    reports: number;
    complaints: number;
  };
}
/** Failed staff sign-ins (wrong passwords and codes, refusals by the limits): shown to admins only. */
export interface StaffSignInFailures {
  last_hour: number;
  last_day: number;
  /** Of `last_day`, the attempts refused by a limit (429). */
  rate_limited_day: number;
  /** `STAFF_ALERT_THRESHOLD`: at this many in an hour the admins get a mail. */
  alert_threshold: number;
  /** The addresses with the most failures in the last day, most first (at most 5). */
  addresses: { ip: string; count: number }[];
}
export interface StaffDashboard {
  sites: StaffSiteDay[];
  /** The lander experiments' report (`mf-landers`). */
  experiments: ExperimentReport;
  /** Null for operators. */
  sign_in_failures: StaffSignInFailures | null;
}

// ---- Queue ----

export interface StaffQueueQuery {
  site?: number;
  locale?: Locale;
  /** At most 100; 50 when absent. */
  limit?: number;
}
export interface StaffPerson {
  id: number;
  name: string;
  /** URL of the main photo's thumbnail, null when none is visible. */
  thumb_url: string | null;
}
export interface StaffClaim {
  staff: { id: number; name: string };
  expires_at: string;
  /** True when it is mine. */
  mine: boolean;
}
export interface StaffQueueItem {
  conversation: number;
  site: StaffSiteRef;
  /** The member's language. */
  locale: Locale;
  member: StaffPerson;
  fictional: StaffPerson;
  /** When the member's first unanswered message was sent. */
  waiting_since: string;
  /** The member's last message (text, or null for gifts and photos). */
  last_message: { type: MessageType; text: string | null; sent_at: string };
  /** Null when nobody holds it. */
  claim: StaffClaim | null;
}
export interface StaffQueueResponse {
  items: StaffQueueItem[];
  /** Waiting conversations in total (all filters applied), not only this page. */
  total: number;
}
export interface StaffClaimRequest {
  conversation?: number;
  site?: number;
  locale?: Locale;
}
export interface StaffClaimResponse {
  conversation: number;
  expires_at: string;
}
export interface StaffReleaseRequest {
  conversation: number;
}
/** The member's side, as an operator needs it to answer. */
export interface StaffMemberProfile extends StaffPerson {
  age: number | null;
  gender: string | null;
  country: string | null;
  city: string | null;
  about: string | null;
  locale: Locale;
  signup_date: string;
  paid_user: boolean;
}
export interface StaffAlbumPhoto {
  id: number;
  url: string;
  thumb_url: string;
}
/** `GET /api/staff/conversations/:id/photo?photo=&size=thumb`. */
export interface StaffChatPhotoQuery {
  photo: number;
  size?: 'thumb';
}
/**
 * A message of the conversation; `from_me` means sent by the fictional profile. A photo's `url`/`thumb_url` lead to
 * the staff route `chatPhoto` (members' chat photo URLs answer only the two members).
 */
export type StaffMessage = ChatMessage;
export interface StaffConversation {
  conversation: number;
  site: StaffSiteRef;
  member: StaffMemberProfile;
  fictional: StaffPerson & { about: string | null; album: StaffAlbumPhoto[] };
  /** Oldest first; the last `STAFF_HISTORY_LIMIT` messages. */
  messages: StaffMessage[];
  /** The gift catalogue (names in the member's language). */
  gifts: Gift[];
  claim: StaffClaim | null;
}
export const STAFF_HISTORY_LIMIT = 100;
export interface StaffReplyRequest {
  /** Idempotency key (UUID): the same key twice sends one message. */
  client_id: string;
  type: MessageType;
  text?: string;
  gift_id?: number;
  /** A photo of the fictional profile's album (`StaffConversation.fictional.album`). */
  album_photo_id?: number;
}
export interface StaffReplyResponse {
  message: StaffMessage;
  /** The claim, renewed. */
  claim: StaffClaim;
}

// ---- Moderation ----

export interface StaffPendingPhoto {
  id: number;
  member: { id: number; name: string; email: string | null; locale: Locale };
  site: StaffSiteRef;
  url: string;
  thumb_url: string;
  uploaded_at: string;
}
export interface StaffPhotosResponse {
  photos: StaffPendingPhoto[];
}
export interface StaffReasonRequest {
  /** Shown to the member (photo rejection) or kept in the audit log; 1..STAFF_REASON_MAX_LENGTH characters. */
  reason: string;
}
export const CASE_STATES = ['open', 'in_progress', 'done'] as const;
export type CaseState = (typeof CASE_STATES)[number];
export interface StaffCaseQuery {
  state?: CaseState;
  site?: number;
  /** `next_cursor` of the previous page. */
  cursor?: string;
}
export interface StaffCaseUpdate {
  state?: CaseState;
  /** Mailed to the member (report) or to the address given (complaint); at least one of state and reply. */
  reply?: string;
}
export interface StaffCaseReply {
  text: string;
  staff: string;
  sent_at: string;
}
export interface StaffReport {
  id: number;
  site: StaffSiteRef;
  reporter: { id: number; name: string; email: string | null } | null;
  reported: { id: number; name: string; fictional: boolean } | null;
  conversation: number | null;
  reason: ReportReason;
  text: string | null;
  state: CaseState;
  replies: StaffCaseReply[];
  created_at: string;
  updated_at: string;
}
export interface StaffReportsResponse extends StaffPage {
  reports: StaffReport[];
}
export interface StaffComplaint {
  id: number;
  site: StaffSiteRef;
  member: { id: number; name: string } | null;
  name: string | null;
  email: string;
  subject: string | null;
  message: string;
  state: CaseState;
  replies: StaffCaseReply[];
  created_at: string;
  updated_at: string;
}
export interface StaffComplaintsResponse extends StaffPage {
  complaints: StaffComplaint[];
}

// ---- Members ----

export interface StaffMemberQuery {
  /** An email (or part), a name (or part), or a member id. At least 2 characters. */
  q: string;
  site?: number;
}
export type StaffMemberStatus = 'not_confirmed' | 'confirmed' | 'deleted';
export interface StaffMemberAccount {
  id: number;
  site: StaffSiteRef;
  email: string | null;
  name: string;
  status: StaffMemberStatus;
  locale: Locale;
  credits: number;
  paid_user: boolean;
  signup_date: string;
  confirmed_at: string | null;
  last_seen_at: string | null;
  /** Null unless banned. */
  banned: { at: string; reason: string; by: string } | null;
}
export interface StaffMembersResponse {
  members: StaffMemberAccount[];
}
export interface StaffLedgerRow {
  id: number;
  /** Positive: credited; negative: spent or taken back. */
  amount: number;
  kind: string;
  ref: string | null;
  /** For a staff grant: the staff member's name. */
  staff: string | null;
  note: string | null;
  created_at: string;
}
export interface StaffOrder {
  id: number;
  status: string;
  credits: number;
  price: Money;
  method: string | null;
  provider: string | null;
  created_at: string;
  completed_at: string | null;
  refunded_at: string | null;
  /** Whether the refund button applies: completed and within the site's `refund_days`. */
  refundable: boolean;
}
export interface StaffMemberDetail {
  account: StaffMemberAccount;
  /** Newest first, the last 200. */
  ledger: StaffLedgerRow[];
  orders: StaffOrder[];
  /** Reports about the member and by the member. */
  reports: StaffReport[];
}
export interface StaffGrantRequest {
  /** 1..10000 credits. */
  amount: number;
  reason: string;
}
export interface StaffGrantResponse {
  credits: number;
  ledger: StaffLedgerRow;
}
export interface StaffRefundResponse {
  order: StaffOrder;
  /** Credits taken back, and what the member had already spent of them. */
  taken: number;
  shortfall: number;
}

// ---- Sites and settings ----

/** Texts a site words per locale. */
export interface StaffSiteTexts {
  index_title?: string;
  description?: string;
  fictional_warning?: string;
  fictional_singular?: string;
  fictional_plural?: string;
}
/** The editable settings of docs/product/sites-and-landers.md. */
export interface StaffSiteSettings {
  name: string;
  /** A host name like `example.nl` (no scheme, no path). */
  domain: string;
  niche: Niche;
  message_credits: number;
  photo_credits: number;
  gift_credits: number;
  signup_credits: number;
  message_length: number;
  refund_days: number;
  min_age: number;
  index_title: string;
  description: string;
  /** Per locale, overriding the texts above. */
  texts: Partial<Record<Locale, StaffSiteTexts>>;
  signups: SignupsSetting;
  logged_out_search: LoggedOutSearch;
  logged_out_search_trafficsource: LoggedOutSearch;
  enable_site_entry_popup: 'yes' | 'no';
  support_email: string;
  support_phone: string;
  mail_name: string;
}
/** Bounds the server checks (the form can show them). */
export const STAFF_SETTING_LIMITS = {
  credits: { min: 0, max: 10_000 },
  message_length: { min: 1, max: 10_000 },
  refund_days: { min: 0, max: 365 },
  min_age: { min: 18, max: 99 },
  text: { max: 500 },
} as const;
export interface StaffSite {
  site: StaffSiteRef;
  /** Increases with every save; send it back with the edit. */
  version: number;
  settings: StaffSiteSettings;
  /** What members' `GET /api/settings.php` answers with these settings (the preview). */
  preview: Omit<Settings, 'geoip_country' | 'geoip_selected_country'>;
  updated_at: string;
  updated_by: string | null;
}
export interface StaffSitesResponse {
  sites: (StaffSiteRef & { version: number; niche: Niche; domain: string })[];
}
export interface StaffSiteUpdate {
  /** The `version` the edit is based on. */
  version: number;
  /** Only the fields that change. */
  settings: Partial<StaffSiteSettings>;
}

// ---- Staff accounts ----

export interface StaffAccount {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  totp_enrolled: boolean;
  disabled: boolean;
  created_at: string;
  last_login_at: string | null;
}
export interface StaffAccountsResponse {
  accounts: StaffAccount[];
}
export interface StaffAccountCreate {
  email: string;
  name: string;
  role: StaffRole;
  /** At least STAFF_PASSWORD_MIN_LENGTH characters; the new colleague signs in with it and enrols TOTP. */
  password: string;
}

// ---- Audit log ----

/** What the audit log records (`action`). */
export const STAFF_AUDIT_ACTIONS = [
  'login',
  'login_failed',
  'totp_enrolled',
  'totp_failed',
  'logout',
  'queue_claim',
  'queue_release',
  'reply',
  'photo_approve',
  'photo_reject',
  'report_update',
  'complaint_update',
  'member_ban',
  'member_unban',
  'member_credits',
  'member_resend_activation',
  'member_delete',
  'order_refund',
  'site_update',
  'staff_create',
  'staff_disable',
  'staff_reset_2fa',
] as const;
export type StaffAuditAction = (typeof STAFF_AUDIT_ACTIONS)[number];
export interface StaffAuditEntry {
  id: number;
  /** Null for a failed login with an unknown email. */
  staff: { id: number; name: string } | null;
  action: StaffAuditAction;
  /** e.g. `member`, `photo`, `site`, `order`, `conversation`, `staff`. */
  target_type: string | null;
  target_id: number | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  created_at: string;
}
export interface StaffAuditQuery {
  staff?: number;
  action?: StaffAuditAction;
  target_type?: string;
  target_id?: number;
  cursor?: string;
}
export interface StaffAuditResponse extends StaffPage {
  entries: StaffAuditEntry[];
}

/** A metric the guard compared, canary against stable (rates 0–1, LCP p75 in ms). */
export interface StaffRolloutMetric {
  name: 'errors' | 'load_failures' | 'lcp' | 'signups';
  stable: number;
  canary: number;
  verdict: 'worse' | 'same' | 'better' | 'too_few';
}

/**
 * A decision's reason as data (the `reason` text is English, for the CLI and the log): `worse` names the metrics,
 * `too_few_views` views per arm and the minimum, `step_time` the seconds left, `too_few_visits` the minimum of
 * visits, `advance` the weights, `by_hand` a registry changed by an operator.
 */
export type StaffRolloutReason =
  | { code: 'worse'; metrics: StaffRolloutMetric['name'][] }
  | { code: 'too_few_views'; views: number; min: number }
  | { code: 'step_time'; seconds: number }
  | { code: 'too_few_visits'; min: number }
  | { code: 'promote' }
  | { code: 'advance'; from: number; to: number }
  | { code: 'by_hand' };

/** One decision of the canary guard, with the numbers it was made on (docs/adr/0032-canary-guard.md). */
export interface StaffRolloutDecision {
  action: 'advance' | 'promote' | 'rollback' | 'stop';
  weight_before: number;
  weight_after: number | null;
  reason: string;
  /** Both arms, the metrics and `why` (a stop: the registry it found, and `why`). */
  evidence: {
    stable?: StaffRolloutArm;
    canary?: StaffRolloutArm;
    metrics?: StaffRolloutMetric[];
    why?: StaffRolloutReason;
  } | null;
  at: string;
}

/** An arm's numbers as the guard recorded them (page views, error views, load failures, LCP p75, visits, signups). */
export interface StaffRolloutArm {
  pageViews: number;
  errorViews: number;
  loadFailureViews: number;
  lcp_samples: number;
  lcp_p75: number | null;
  visits?: number;
  signups?: number;
}

export interface StaffRollout {
  id: number;
  app: string;
  stable_version: string;
  canary_version: string;
  steps: number[];
  weight: number;
  status: 'running' | 'promoted' | 'rolled_back' | 'stopped';
  started_at: string;
  ended_at: string | null;
  step_started_at: string;
  /** The last evaluation (waits included): action, reason and both arms. */
  last_decision: {
    action: 'advance' | 'promote' | 'rollback' | 'wait';
    reason: string;
    /** Absent in decisions recorded before the reason was kept as data. */
    why?: StaffRolloutReason;
    metrics: StaffRolloutMetric[];
    at: string;
    stable: StaffRolloutArm;
    canary: StaffRolloutArm;
  } | null;
  decisions: StaffRolloutDecision[];
  /** The canary's most reported errors, each stack frame mapped to source when the version's map answered. */
  topErrors: {
    kind: string;
    message: string;
    count: number;
    last_seen: string;
    frames: { raw: string; source: string | null }[];
  }[];
}

export interface StaffRollouts {
  rollouts: StaffRollout[];
}
