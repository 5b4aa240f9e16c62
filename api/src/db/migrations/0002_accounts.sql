-- Accounts: what 0001 does not hold yet.

-- The status to restore when a deleted account is reactivated (not_confirmed or confirmed).
ALTER TABLE account_deletions ADD COLUMN previous_status text;

-- One stable token per member for the List-Unsubscribe header and footer link (RFC 8058). It only lets its holder
-- switch email off, so it is kept in clear: every mail needs it.
CREATE TABLE unsubscribe_tokens (
  user_id    integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  token      text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Moderation: when and how a photo was reviewed (operator, or auto-approval after PHOTO_AUTO_APPROVE_SECONDS).
ALTER TABLE photos ADD COLUMN reviewed_at timestamptz;
ALTER TABLE photos ADD COLUMN reviewed_by text;
CREATE INDEX photos_inspection_idx ON photos (created_at) WHERE status = 'inspection';

-- The page or profile a complaint is about.
ALTER TABLE complaints ADD COLUMN url text;
