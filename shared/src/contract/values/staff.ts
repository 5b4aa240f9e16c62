/**
 * The staff back office's API (docs/adr/0018-staff-back-office.md), its values: the route list, cookies, limits and the enumerations. The
 * shapes of requests and answers are the TypeBox schemas of `../staff` (which re-exports all of this). A remote
 * imports values from here and types from `../staff` (`import type`), so no schema library reaches a browser
 * bundle; the lint rule of eslint.config.mjs enforces it.
 *
 * One typed contract for the server (`api/src/domains/staff`) and the
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
   * staff conversation's messages point here). 404 `not_found` (not a photo of that conversation).
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

/** The last messages of a conversation an operator sees (`StaffConversation.messages`). */
export const STAFF_HISTORY_LIMIT = 100;

export const CASE_STATES = ['open', 'in_progress', 'done'] as const;
export type CaseState = (typeof CASE_STATES)[number];

/** Bounds the server checks (the form can show them). */
export const STAFF_SETTING_LIMITS = {
  credits: { min: 0, max: 10_000 },
  message_length: { min: 1, max: 10_000 },
  refund_days: { min: 0, max: 365 },
  min_age: { min: 18, max: 99 },
  /** 0 = never (the default); at most a week. */
  photo_auto_approve_minutes: { min: 0, max: 10_080 },
  text: { max: 500 },
} as const;

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
