-- What was last notified to a member by email, per kind and key (a conversation, a liker, the unread reminder).
-- Claiming a mark is one INSERT … ON CONFLICT DO UPDATE … WHERE (throttle passed) RETURNING: whichever node or
-- job run gets the row back sends the mail, every other one sends nothing.
CREATE TABLE notification_marks (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind    text NOT NULL CHECK (kind IN ('conversation', 'message', 'like', 'unread_reminder')),
  key     text NOT NULL DEFAULT '',
  -- What the mark was for (the newest unread message of a reminder): the same state is never reminded twice.
  ref     bigint,
  sent_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, kind, key)
);
