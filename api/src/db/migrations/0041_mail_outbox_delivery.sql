-- Issue 11 finding 14 (outbox pattern): a mail row is written in the transaction of the request that caused it,
-- and delivered over SMTP after the commit by a sender that retries. Rows written before this migration were the
-- embedded mailbox (never meant to be delivered): marked as given up.
ALTER TABLE mail_outbox
  ADD COLUMN attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN next_attempt_at timestamptz,
  ADD COLUMN last_error text;
UPDATE mail_outbox SET attempts = 8 WHERE sent_at IS NULL;
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at, id) WHERE sent_at IS NULL;
