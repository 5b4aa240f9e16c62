-- Initial schema: every table of docs/product/member-model.md so feature work can build on it.
-- Money is integer minor units plus currency; credits are integers guarded by CHECK (docs/product/architecture.md).

CREATE TABLE companies (
  id            serial PRIMARY KEY,
  name          text NOT NULL,
  address       text NOT NULL DEFAULT '',
  kvk           text NOT NULL DEFAULT '',
  city          text NOT NULL DEFAULT '',
  country       text NOT NULL DEFAULT 'NL',
  tradenames    jsonb NOT NULL DEFAULT '[]',
  vat_numbers   jsonb NOT NULL DEFAULT '[]',
  support_phone text NOT NULL DEFAULT '',
  delete_discount integer NOT NULL DEFAULT 0,
  added         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sites (
  id                    serial PRIMARY KEY,
  host                  text NOT NULL UNIQUE,
  company_id            integer NOT NULL REFERENCES companies(id),
  name                  text NOT NULL,
  niche                 smallint NOT NULL DEFAULT 1 CHECK (niche BETWEEN 1 AND 7),
  domain                text NOT NULL,
  domain_language       text NOT NULL DEFAULT 'nl-NL',
  index_title           text NOT NULL DEFAULT '',
  description           text NOT NULL DEFAULT '',
  countries             jsonb NOT NULL DEFAULT '[]',
  currency              text NOT NULL DEFAULT 'EUR',
  support_email         text NOT NULL DEFAULT '',
  support_phone         text NOT NULL DEFAULT '',
  mail_name             text NOT NULL DEFAULT '',
  is_default            boolean NOT NULL DEFAULT false,
  -- The remaining settings of docs/product/credits-and-payments.md (credits costs, signups, logged_out_search, …) as one JSON object.
  settings              jsonb NOT NULL DEFAULT '{}',
  created_at            timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE interests (
  id   serial PRIMARY KEY,
  name text NOT NULL UNIQUE
);

CREATE TABLE regions (
  id      serial PRIMARY KEY,
  country text NOT NULL,
  code    text NOT NULL,
  name    text NOT NULL,
  UNIQUE (country, code)
);

CREATE TABLE users (
  id               serial PRIMARY KEY,
  site_id          integer NOT NULL REFERENCES sites(id),
  email            text,
  password_hash    text,
  status           text NOT NULL DEFAULT 'not_confirmed' CHECK (status IN ('not_confirmed', 'confirmed', 'deleted')),
  language         text NOT NULL DEFAULT 'nl',
  credits          integer NOT NULL DEFAULT 0 CHECK (credits >= 0),
  paid_user        boolean NOT NULL DEFAULT false,
  fictional        boolean NOT NULL DEFAULT false,
  invisible        boolean NOT NULL DEFAULT false,
  role             text NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'operator')),
  tracking_network text,
  tracking_ref     text,
  tracking_sub1    text,
  tracking_sub2    text,
  tracking_sub3    text,
  signup_date      timestamptz NOT NULL DEFAULT now(),
  confirmed_at     timestamptz,
  deleted_at       timestamptz,
  last_seen_at     timestamptz
);
-- Email is unique per site (one deployment serves many sites); fictional profiles have no email.
CREATE UNIQUE INDEX users_site_email_idx ON users (site_id, lower(email)) WHERE email IS NOT NULL;

CREATE TABLE profiles (
  user_id             integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  name                text NOT NULL,
  gender              text NOT NULL CHECK (gender IN ('male', 'female')),
  sexuality           text NOT NULL DEFAULT 'hetero' CHECK (sexuality IN ('hetero', 'gay', 'lesbian', 'bi')),
  date_of_birth       date NOT NULL,
  country             text NOT NULL,
  region              text,
  city                text,
  reason              text,
  about               text,
  hair_color          text,
  eye_color           text,
  body_type           text,
  relationship_status text,
  tattoos             boolean,
  interests           jsonb NOT NULL DEFAULT '[]',
  status              text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled', 'inspection')),
  main_photo_id       integer,
  updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX profiles_search_idx ON profiles (country, gender, date_of_birth);

CREATE TABLE photos (
  id             serial PRIMARY KEY,
  user_id        integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  filename       text NOT NULL,
  thumb_filename text NOT NULL,
  status         text NOT NULL DEFAULT 'inspection' CHECK (status IN ('active', 'inspection', 'rejected')),
  position       integer NOT NULL DEFAULT 0,
  width          integer,
  height         integer,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX photos_user_idx ON photos (user_id, position);
ALTER TABLE profiles ADD CONSTRAINT profiles_main_photo_fk FOREIGN KEY (main_photo_id) REFERENCES photos(id) ON DELETE SET NULL;

CREATE TABLE sessions (
  id          serial PRIMARY KEY,
  token_hash  text NOT NULL UNIQUE,
  user_id     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  ip          text,
  user_agent  text
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE login_audit (
  id         serial PRIMARY KEY,
  user_id    integer REFERENCES users(id) ON DELETE SET NULL,
  email      text NOT NULL,
  site_id    integer NOT NULL REFERENCES sites(id),
  success    boolean NOT NULL,
  ip         text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_audit_email_idx ON login_audit (site_id, lower(email), created_at);

CREATE TABLE login_lockouts (
  site_id      integer NOT NULL REFERENCES sites(id),
  email        text NOT NULL,
  failed_count integer NOT NULL DEFAULT 0,
  window_start timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  PRIMARY KEY (site_id, email)
);

CREATE TABLE likes (
  id         serial PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  liked_id   integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  like_new   boolean NOT NULL DEFAULT true,
  source     text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, liked_id)
);
CREATE INDEX likes_liked_idx ON likes (liked_id);

CREATE TABLE blocks (
  user_id    integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  blocked_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, blocked_id)
);
CREATE INDEX blocks_blocked_idx ON blocks (blocked_id);

CREATE TABLE conversations (
  id         serial PRIMARY KEY,
  user_a     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  user_b     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  started_by integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- A member who removes a conversation only hides it for themselves.
  deleted_by_a boolean NOT NULL DEFAULT false,
  deleted_by_b boolean NOT NULL DEFAULT false,
  CHECK (user_a < user_b),
  UNIQUE (user_a, user_b)
);
CREATE INDEX conversations_b_idx ON conversations (user_b);

CREATE TABLE messages (
  id              serial PRIMARY KEY,
  conversation_id integer NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  sender_id       integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  client_id       text,
  type            text NOT NULL DEFAULT 'text' CHECK (type IN ('text', 'gift', 'photo')),
  body            text,
  attachment      text,
  credits_spent   integer NOT NULL DEFAULT 0,
  read_at         timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX messages_conversation_idx ON messages (conversation_id, id);
CREATE UNIQUE INDEX messages_client_idx ON messages (sender_id, client_id) WHERE client_id IS NOT NULL;

CREATE TABLE credit_ledger (
  id            serial PRIMARY KEY,
  user_id       integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind          text NOT NULL CHECK (kind IN ('purchase', 'message', 'gift', 'photo', 'bonus', 'refund')),
  amount        integer NOT NULL,
  balance_after integer NOT NULL CHECK (balance_after >= 0),
  ref           text,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credit_ledger_user_idx ON credit_ledger (user_id, id);

CREATE TABLE credit_packages (
  id       serial PRIMARY KEY,
  site_id  integer REFERENCES sites(id),
  currency text NOT NULL,
  credits  integer NOT NULL CHECK (credits > 0),
  amount   integer NOT NULL CHECK (amount > 0),
  tier     smallint NOT NULL CHECK (tier BETWEEN 0 AND 3),
  popular  boolean NOT NULL DEFAULT false,
  active   boolean NOT NULL DEFAULT true
);
CREATE INDEX credit_packages_currency_idx ON credit_packages (currency, tier);

CREATE TABLE orders (
  id             serial PRIMARY KEY,
  user_id        integer NOT NULL REFERENCES users(id),
  package_id     integer REFERENCES credit_packages(id),
  credits        integer NOT NULL,
  amount         integer NOT NULL,
  currency       text NOT NULL,
  discount_code  text,
  payment_method text,
  status         text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'completed', 'failed', 'cancelled', 'expired')),
  credited_at    timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_user_idx ON orders (user_id);

CREATE TABLE payments (
  id          serial PRIMARY KEY,
  order_id    integer NOT NULL REFERENCES orders(id),
  provider    text NOT NULL,
  provider_id text NOT NULL UNIQUE,
  status      text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'completed', 'failed', 'cancelled', 'expired')),
  amount      integer NOT NULL,
  currency    text NOT NULL,
  raw         jsonb,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE discount_codes (
  id                  serial PRIMARY KEY,
  code                text NOT NULL,
  site_id             integer REFERENCES sites(id),
  user_id             integer REFERENCES users(id) ON DELETE CASCADE,
  country             text,
  currency            text,
  value_percentage    numeric(5, 2) NOT NULL,
  minimum_order_value integer,
  status              text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'used', 'expired')),
  validity            text NOT NULL DEFAULT 'once_per_user' CHECK (validity IN ('once_per_user', 'once', 'unlimited')),
  paymentmethods      jsonb,
  welcome             boolean NOT NULL DEFAULT false,
  expires             timestamptz,
  created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX discount_codes_code_idx ON discount_codes (upper(code));

CREATE TABLE discount_redemptions (
  id               serial PRIMARY KEY,
  discount_code_id integer NOT NULL REFERENCES discount_codes(id) ON DELETE CASCADE,
  user_id          integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  order_id         integer REFERENCES orders(id),
  created_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (discount_code_id, user_id)
);

CREATE TABLE notification_preferences (
  user_id                  integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  new_conversations        boolean NOT NULL DEFAULT true,
  new_messages             boolean NOT NULL DEFAULT true,
  "like"                   boolean NOT NULL DEFAULT true,
  unread_message_reminders boolean NOT NULL DEFAULT true,
  promotions               boolean NOT NULL DEFAULT true,
  weekly_updates           boolean NOT NULL DEFAULT true,
  news                     boolean NOT NULL DEFAULT true,
  reminders                boolean NOT NULL DEFAULT true,
  disabled_reason          text CHECK (disabled_reason IN ('fbl', 'bounce', 'list_unsubscribe')),
  disabled_at              timestamptz
);

CREATE TABLE push_subscriptions (
  id         serial PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  endpoint   text NOT NULL UNIQUE,
  p256dh     text NOT NULL,
  auth       text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE mail_outbox (
  id         serial PRIMARY KEY,
  site_id    integer REFERENCES sites(id),
  to_address text NOT NULL,
  from_address text NOT NULL,
  subject    text NOT NULL,
  html       text NOT NULL,
  text       text NOT NULL,
  headers    jsonb NOT NULL DEFAULT '{}',
  template   text NOT NULL,
  locale     text NOT NULL,
  sent_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_outbox_to_idx ON mail_outbox (lower(to_address), id);

CREATE TABLE one_time_tokens (
  id         serial PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose    text NOT NULL CHECK (purpose IN ('activation', 'reset', 'mail_change', 'reactivate')),
  token_hash text NOT NULL UNIQUE,
  payload    jsonb,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX one_time_tokens_user_idx ON one_time_tokens (user_id, purpose, created_at);

CREATE TABLE complaints (
  id         serial PRIMARY KEY,
  site_id    integer NOT NULL REFERENCES sites(id),
  user_id    integer REFERENCES users(id) ON DELETE SET NULL,
  name       text,
  email      text NOT NULL,
  subject    text,
  message    text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE account_deletions (
  id           serial PRIMARY KEY,
  user_id      integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  reason       text,
  comment      text,
  requested_at timestamptz NOT NULL DEFAULT now(),
  purge_after  timestamptz NOT NULL,
  reactivated_at timestamptz,
  purged_at    timestamptz
);
CREATE INDEX account_deletions_purge_idx ON account_deletions (purge_after) WHERE purged_at IS NULL AND reactivated_at IS NULL;
