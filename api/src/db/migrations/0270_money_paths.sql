-- Money paths (docs/adr/0027-money-reservations-and-record-before-call.md).

-- 1. A discount code is reserved by the order that uses it. `discount_claim` names what a single-use code allows
--    once: `once:<code id>` (one order overall) or `member:<code id>:<user id>` (one order per member); unlimited
--    codes claim nothing. At most one open or paid order holds a claim; a failed, cancelled or expired order
--    releases it (its status leaves the index), a refunded or charged-back one too (the redemption row still
--    stops a second use).
ALTER TABLE orders ADD COLUMN discount_claim text;
CREATE UNIQUE INDEX orders_discount_claim_idx ON orders (discount_claim)
  WHERE discount_claim IS NOT NULL AND status IN ('pending', 'completed');

-- 6. A POST that charges carries the client's Idempotency-Key: one order per member and key.
ALTER TABLE orders ADD COLUMN request_key text;
CREATE UNIQUE INDEX orders_request_key_idx ON orders (user_id, request_key) WHERE request_key IS NOT NULL;

-- 2. A charge we start (repeat order, direct debit) is recorded before the provider is called: the payment row
--    exists with our idempotency key and no provider id until the provider answers; a timeout or a crash in
--    between is recovered by looking the payment up (the key, metadata.orderId) in the webhook and reconciliation.
ALTER TABLE payments ALTER COLUMN provider_id DROP NOT NULL;
ALTER TABLE payments ADD COLUMN idempotency_key text;
CREATE UNIQUE INDEX payments_idempotency_key_idx ON payments (idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX payments_unsent_idx ON payments (next_check_at) WHERE provider_id IS NULL AND status = 'pending';

-- 6. The webhook's limit per payment id: calls counted on the payment row, in a one-minute window (one UPDATE).
ALTER TABLE payments ADD COLUMN webhook_calls integer NOT NULL DEFAULT 0;
ALTER TABLE payments ADD COLUMN webhook_window timestamptz;

-- 3. Refunds: one row per attempt, written (with its idempotency key) before the provider is called; the
--    provider's refund id and status are stored; one live refund per order.
CREATE TABLE payment_refunds (
  id                 serial PRIMARY KEY,
  order_id           integer NOT NULL REFERENCES orders(id),
  payment_id         integer NOT NULL REFERENCES payments(id),
  idempotency_key    text NOT NULL UNIQUE,
  amount             integer NOT NULL CHECK (amount > 0),
  currency           text NOT NULL,
  -- requested (recorded, provider not yet answered), then the provider's status (queued, pending, processing,
  -- refunded), or failed (the provider refused; the order may be refunded again).
  status             text NOT NULL DEFAULT 'requested',
  provider_refund_id text,
  requested_by       text NOT NULL,
  error              text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX payment_refunds_live_idx ON payment_refunds (order_id) WHERE status <> 'failed';

-- 7. A mandate is what the provider made of the first payment: iDEAL, Bancontact and SOFORT leave a SEPA
--    direct-debit mandate, cards a card mandate. Mandates stored under the first payment's method are corrected.
UPDATE payment_mandates SET method = 'directdebit' WHERE method IN ('ideal', 'bancontact', 'sofort', 'sdd');
-- 4. Why a mandate ended (e.g. `chargeback`).
ALTER TABLE payment_mandates ADD COLUMN ended_reason text;

-- 8. SMS destinations are counted per number (daily cap).
CREATE INDEX direct_debit_codes_phone_created_idx ON direct_debit_codes (phone, created_at);

-- 9. The test provider: an idempotency key per charge (as Mollie's Idempotency-Key), and mandates whose charges
--    are accepted and then time out (rehearsing "provider accepted, we never heard").
ALTER TABLE test_provider_payments ADD COLUMN idempotency_key text UNIQUE;
ALTER TABLE test_provider_mandates ADD COLUMN timeout_charges boolean NOT NULL DEFAULT false;
CREATE TABLE test_provider_refunds (
  id              text PRIMARY KEY,
  payment_id      text NOT NULL REFERENCES test_provider_payments(id),
  idempotency_key text NOT NULL UNIQUE,
  amount          integer NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);
