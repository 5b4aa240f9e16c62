-- Mail delivery with retries. A row is queued for SMTP when next_attempt_at is set (NULL: kept
-- in the outbox only, as in the embedded mode). The sender claims due rows with FOR UPDATE SKIP LOCKED and pushes
-- next_attempt_at ahead as a lease, so several nodes never send one mail twice; a failure records last_error and
-- a later next_attempt_at (back-off); failed_at marks a mail given up on, listed for staff.
ALTER TABLE mail_outbox
  ADD COLUMN attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN next_attempt_at timestamptz,
  ADD COLUMN last_error text,
  ADD COLUMN failed_at timestamptz;
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at)
  WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at IS NOT NULL;
