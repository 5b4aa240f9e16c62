-- Staff back office (ADR 0018): staff accounts with a TOTP second factor, their own short sessions,
-- an append-only audit log, reply-queue claims, bans, case states and replies, versioned site settings.

-- Staff are not members: no site, no profile, never in member search.
CREATE TABLE staff_accounts (
  id               serial PRIMARY KEY,
  email            text NOT NULL,
  name             text NOT NULL,
  role             text NOT NULL CHECK (role IN ('operator', 'admin')),
  password_hash    text NOT NULL,
  -- Base32 TOTP secret; set at the first login, confirmed (totp_enrolled_at) by the first valid code.
  totp_secret      text,
  totp_enrolled_at timestamptz,
  -- The last accepted TOTP time step: a code is accepted once (no replay within its 30 s window).
  totp_last_step   bigint,
  disabled_at      timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  created_by       integer REFERENCES staff_accounts(id),
  last_login_at    timestamptz
);
CREATE UNIQUE INDEX staff_accounts_email_idx ON staff_accounts (lower(email));

-- The cookie holds a random token, the table its SHA-256 (like members' sessions). `stage` pending: password
-- given, second factor still due.
CREATE TABLE staff_sessions (
  token_hash  text PRIMARY KEY,
  staff_id    integer NOT NULL REFERENCES staff_accounts(id) ON DELETE CASCADE,
  stage       text NOT NULL CHECK (stage IN ('pending', 'full')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  ip          text
);
CREATE INDEX staff_sessions_staff_idx ON staff_sessions (staff_id);

-- Failed attempts per key ('email:<lower email>' for passwords, 'totp:<staff id>' for codes) in a window. An
-- attempt is counted (one UPSERT) before it is checked, so parallel guesses cannot exceed the limit.
CREATE TABLE staff_attempts (
  key          text PRIMARY KEY,
  count        integer NOT NULL,
  window_start timestamptz NOT NULL
);

-- Who did what, when, to what, with the state before and after. Staff read it; nobody changes it.
CREATE TABLE staff_audit (
  id          bigserial PRIMARY KEY,
  staff_id    integer REFERENCES staff_accounts(id),
  staff_name  text,
  action      text NOT NULL,
  target_type text,
  target_id   integer,
  before      jsonb,
  after       jsonb,
  ip          text,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_audit_staff_idx ON staff_audit (staff_id, id);
CREATE INDEX staff_audit_target_idx ON staff_audit (target_type, target_id, id);
CREATE INDEX staff_audit_action_idx ON staff_audit (action, id);

CREATE FUNCTION staff_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'staff_audit is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER staff_audit_no_update BEFORE UPDATE OR DELETE ON staff_audit
  FOR EACH ROW EXECUTE FUNCTION staff_audit_append_only();
CREATE TRIGGER staff_audit_no_truncate BEFORE TRUNCATE ON staff_audit
  FOR EACH STATEMENT EXECUTE FUNCTION staff_audit_append_only();

-- One operator at a time answers a conversation: the primary key is the lock, `expires_at` the time-out.
CREATE TABLE staff_claims (
  conversation_id integer PRIMARY KEY REFERENCES conversations(id) ON DELETE CASCADE,
  staff_id        integer NOT NULL REFERENCES staff_accounts(id),
  expires_at      timestamptz NOT NULL
);

-- Bans (the member sees /pages/ban; login refused while banned).
ALTER TABLE users
  ADD COLUMN banned_at  timestamptz,
  ADD COLUMN ban_reason text,
  ADD COLUMN banned_by  text;

-- Complaints get the state reports have.
ALTER TABLE complaints
  ADD COLUMN state      text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'in_progress', 'done')),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX complaints_state_idx ON complaints (state, id);
CREATE INDEX reports_state_idx ON reports (state, id);

-- Replies staff mailed on a report or a complaint.
CREATE TABLE staff_case_replies (
  id         serial PRIMARY KEY,
  case_type  text NOT NULL CHECK (case_type IN ('report', 'complaint')),
  case_id    integer NOT NULL,
  staff_id   integer NOT NULL REFERENCES staff_accounts(id),
  text       text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_case_replies_case_idx ON staff_case_replies (case_type, case_id);

-- Credits granted by staff: the ledger row names who (kind 'bonus', ref 'staff-grant:<staff id>').
ALTER TABLE credit_ledger
  ADD COLUMN staff_name text,
  ADD COLUMN note       text;

-- Optimistic concurrency for settings edits: a save names the version it read.
ALTER TABLE sites
  ADD COLUMN version    integer NOT NULL DEFAULT 1,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN updated_by text;
