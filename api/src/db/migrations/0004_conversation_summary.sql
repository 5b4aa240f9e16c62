-- The chat list (GET /api/chats.php) is read on every poll, far more often than a message is sent or read. Each
-- conversation row therefore carries its last message and each side's unread count, kept by triggers on
-- messages, so listing a member's chats reads their conversation rows and nothing per conversation.
--
-- The triggers recompute the summary of every conversation a statement touched instead of adding and
-- subtracting, so it cannot drift whatever inserts, updates or deletes messages (the seed, signup's first
-- message, a future bulk "mark as read"). They lock the conversation rows first: the recount then runs in a new
-- snapshot that sees every message committed before the lock was granted (READ COMMITTED), so two messages
-- sent at once into one conversation both count.
ALTER TABLE conversations
  ADD COLUMN last_message_id integer REFERENCES messages(id) ON DELETE SET NULL,
  ADD COLUMN unread_a integer NOT NULL DEFAULT 0 CHECK (unread_a >= 0),
  ADD COLUMN unread_b integer NOT NULL DEFAULT 0 CHECK (unread_b >= 0);

-- Unread messages are few; the recount reads only them.
CREATE INDEX messages_unread_idx ON messages (conversation_id, sender_id) WHERE read_at IS NULL;

-- The one definition of the summary: the triggers and the backfill below both recount with it.
CREATE FUNCTION conversation_summary_recount(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE conversations c SET
    last_message_id = (SELECT max(m.id) FROM messages m WHERE m.conversation_id = c.id),
    unread_a = (SELECT count(*) FROM messages m
                WHERE m.conversation_id = c.id AND m.read_at IS NULL AND m.sender_id <> c.user_a),
    unread_b = (SELECT count(*) FROM messages m
                WHERE m.conversation_id = c.id AND m.read_at IS NULL AND m.sender_id <> c.user_b)
  WHERE c.id = ANY(ids);
$$;

CREATE FUNCTION conversation_summary_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[] := ARRAY(SELECT DISTINCT conversation_id FROM changed ORDER BY conversation_id);
BEGIN
  PERFORM 1 FROM conversations WHERE id = ANY(ids) ORDER BY id FOR UPDATE;
  PERFORM conversation_summary_recount(ids);
  RETURN NULL;
END
$$;

-- A trigger with a transition table serves one event, hence three.
CREATE TRIGGER messages_summary_insert AFTER INSERT ON messages
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION conversation_summary_refresh();
CREATE TRIGGER messages_summary_update AFTER UPDATE ON messages
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION conversation_summary_refresh();
CREATE TRIGGER messages_summary_delete AFTER DELETE ON messages
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION conversation_summary_refresh();

-- Conversations that already exist.
SELECT conversation_summary_recount(ARRAY(SELECT id FROM conversations));

-- Listing reads a member's rows from either side, newest first.
CREATE INDEX conversations_a_updated_idx ON conversations (user_a, updated_at DESC);
CREATE INDEX conversations_b_updated_idx ON conversations (user_b, updated_at DESC);
DROP INDEX conversations_b_idx;
