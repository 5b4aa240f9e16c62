-- Reconciliation also re-checks completed payments for refunds and chargebacks made at the provider:
-- a completed payment is due again when its next_check_at has passed, for PAYMENT_REVERSAL_DAYS after completion.
CREATE INDEX payments_completed_check_idx ON payments (next_check_at) WHERE status = 'completed';
