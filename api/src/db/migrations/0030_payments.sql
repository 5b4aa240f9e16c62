-- Payments: orders paid through a provider, exactly once; premium; mandates for repeat orders and
-- direct debit; the SMS codes of direct debit; refunds and chargebacks. Money stays integer minor units.

-- An order also ends refunded or charged back; what it cost and bought never changes (trigger below).
ALTER TABLE orders DROP CONSTRAINT orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check
  CHECK (status IN ('pending', 'completed', 'failed', 'cancelled', 'expired', 'refunded', 'charged_back'));
ALTER TABLE orders
  ADD COLUMN site_id           integer REFERENCES sites(id),
  ADD COLUMN original_amount   integer,
  ADD COLUMN discount_code_id  integer REFERENCES discount_codes(id) ON DELETE SET NULL,
  ADD COLUMN discount_redeemed boolean NOT NULL DEFAULT false,
  ADD COLUMN country           text,
  ADD COLUMN recurring         boolean NOT NULL DEFAULT false,
  ADD COLUMN completed_at      timestamptz,
  ADD COLUMN refunded_at       timestamptz,
  ADD COLUMN refunded_credits  integer NOT NULL DEFAULT 0 CHECK (refunded_credits >= 0),
  ADD COLUMN refund_shortfall  integer NOT NULL DEFAULT 0 CHECK (refund_shortfall >= 0);
ALTER TABLE orders ADD CONSTRAINT orders_positive CHECK (credits > 0 AND amount > 0);
CREATE INDEX orders_user_created_idx ON orders (user_id, created_at DESC);

CREATE FUNCTION orders_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.amount <> OLD.amount OR NEW.credits <> OLD.credits OR NEW.currency <> OLD.currency
     OR NEW.user_id <> OLD.user_id THEN
    RAISE EXCEPTION 'order % : amount, credits, currency and member never change', OLD.id;
  END IF;
  -- Credited once: credited_at is set once and never cleared.
  IF OLD.credited_at IS NOT NULL AND NEW.credited_at IS DISTINCT FROM OLD.credited_at THEN
    RAISE EXCEPTION 'order % was credited already', OLD.id;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER orders_frozen BEFORE UPDATE ON orders FOR EACH ROW EXECUTE FUNCTION orders_frozen();

ALTER TABLE payments
  ADD COLUMN method        text,
  ADD COLUMN checkout_url  text,
  ADD COLUMN sequence_type text NOT NULL DEFAULT 'oneoff' CHECK (sequence_type IN ('oneoff', 'first', 'recurring')),
  ADD COLUMN customer_id   text,
  ADD COLUMN mandate_id    text,
  ADD COLUMN checks        integer NOT NULL DEFAULT 0,
  ADD COLUMN checked_at    timestamptz,
  -- The reconciliation job asks the provider about open payments when this has passed (backing off).
  ADD COLUMN next_check_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX payments_open_idx ON payments (next_check_at) WHERE status = 'pending';
CREATE INDEX payments_order_idx ON payments (order_id);

-- The member as a customer at the provider (Mollie customers; needed for mandates).
CREATE TABLE payment_customers (
  user_id     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider    text NOT NULL,
  customer_id text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, provider)
);

-- A mandate left by a first card/iDEAL payment or signed for direct debit: repeat orders are charged on it.
CREATE TABLE payment_mandates (
  id          serial PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider    text NOT NULL,
  customer_id text NOT NULL,
  mandate_id  text NOT NULL,
  method      text NOT NULL,
  status      text NOT NULL DEFAULT 'valid' CHECK (status IN ('valid', 'pending', 'invalid')),
  details     jsonb NOT NULL DEFAULT '{}',
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, mandate_id)
);
CREATE INDEX payment_mandates_user_idx ON payment_mandates (user_id, id DESC);

-- The built-in test provider's own store (it plays the PSP; our tables above never trust it without asking).
CREATE TABLE test_provider_payments (
  id                  text PRIMARY KEY,
  amount              integer NOT NULL,
  currency            text NOT NULL,
  description         text NOT NULL,
  method              text,
  status              text NOT NULL DEFAULT 'open'
                      CHECK (status IN ('open', 'pending', 'paid', 'failed', 'canceled', 'expired')),
  redirect_url        text,
  webhook_url         text,
  sequence_type       text NOT NULL DEFAULT 'oneoff',
  customer_id         text,
  mandate_id          text,
  metadata            jsonb NOT NULL DEFAULT '{}',
  amount_refunded     integer NOT NULL DEFAULT 0,
  amount_charged_back integer NOT NULL DEFAULT 0,
  created_at          timestamptz NOT NULL DEFAULT now(),
  paid_at             timestamptz
);
CREATE TABLE test_provider_customers (
  id         text PRIMARY KEY,
  name       text NOT NULL,
  email      text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE test_provider_mandates (
  id               text PRIMARY KEY,
  customer_id      text NOT NULL REFERENCES test_provider_customers(id),
  method           text NOT NULL,
  status           text NOT NULL DEFAULT 'valid',
  consumer_name    text,
  consumer_account text,
  -- "Paid, but the card declines later charges": lets a test (and a developer) see a failed repeat order.
  decline_charges  boolean NOT NULL DEFAULT false,
  created_at       timestamptz NOT NULL DEFAULT now()
);

-- Direct debit (docs/product/credits-and-payments.md, docs/product/member-model.md): one-time SMS codes, members blocked from it, and the SMS outbox.
CREATE TABLE direct_debit_codes (
  id         serial PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  phone      text NOT NULL,
  code_hash  text NOT NULL,
  attempts   integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX direct_debit_codes_user_idx ON direct_debit_codes (user_id, id DESC);

CREATE TABLE direct_debit_blocks (
  user_id    integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  reason     text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sms_outbox (
  id         serial PRIMARY KEY,
  site_id    integer REFERENCES sites(id),
  to_phone   text NOT NULL,
  body       text NOT NULL,
  sent_at    timestamptz,
  error      text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sms_outbox_to_idx ON sms_outbox (to_phone, id);

-- TIMEBONUS25 (docs/product/credits-and-payments.md) as one row for every site, so its redemptions are counted like any code's.
-- Databases seeded before this migration already have it (the seed used to insert it).
INSERT INTO discount_codes (code, site_id, value_percentage, validity, status)
SELECT 'TIMEBONUS25', NULL, 25, 'once_per_user', 'active'
WHERE NOT EXISTS (SELECT 1 FROM discount_codes WHERE upper(code) = 'TIMEBONUS25' AND site_id IS NULL
                  AND user_id IS NULL);
