-- Chat: gifts, photos sent in chat, and what the paid send and the staff reply queue need.

-- The gift catalogue. Names per locale (all 11); the image is an SVG the server made (chat/gifts.ts) and serves
-- itself, so every node and every site has it without files.
CREATE TABLE gifts (
  id       serial PRIMARY KEY,
  slug     text NOT NULL UNIQUE,
  names    jsonb NOT NULL,
  svg      text NOT NULL,
  position integer NOT NULL DEFAULT 0,
  active   boolean NOT NULL DEFAULT true
);

-- Photos sent in chat: checked and re-encoded like profile photos, kept outside the public /media folder and
-- served only to the two members of a conversation the photo was sent in (and to its owner).
CREATE TABLE chat_photos (
  id             serial PRIMARY KEY,
  owner_id       integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  filename       text NOT NULL,
  thumb_filename text NOT NULL,
  width          integer NOT NULL,
  height         integer NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_photos_owner_idx ON chat_photos (owner_id);

ALTER TABLE messages
  ADD COLUMN gift_id integer REFERENCES gifts(id),
  ADD COLUMN photo_id integer REFERENCES chat_photos(id) ON DELETE SET NULL;
CREATE INDEX messages_photo_idx ON messages (photo_id) WHERE photo_id IS NOT NULL;

-- A free member may start 2 chats: counted under a row lock on the sender, by this index.
CREATE INDEX conversations_started_by_idx ON conversations (started_by);

-- The staff reply queue (a later issue): "conversations with a fictional profile whose last message is the
-- member's" must be cheap. Each conversation row knows its fictional member (set on insert by a trigger, so every
-- writer gets it) and the sender of its last message (kept by the summary triggers of 0004), and a partial index
-- holds exactly the waiting conversations, oldest activity first.
ALTER TABLE conversations
  ADD COLUMN fictional_id integer REFERENCES users(id) ON DELETE CASCADE,
  ADD COLUMN last_sender_id integer;

CREATE FUNCTION conversations_fictional_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.fictional_id := (SELECT id FROM users WHERE id IN (NEW.user_a, NEW.user_b) AND fictional ORDER BY id LIMIT 1);
  RETURN NEW;
END
$$;
CREATE TRIGGER conversations_fictional_member BEFORE INSERT ON conversations
  FOR EACH ROW EXECUTE FUNCTION conversations_fictional_member();

CREATE OR REPLACE FUNCTION conversation_summary_recount(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE conversations c SET
    last_message_id = last.id,
    last_sender_id = last.sender_id,
    unread_a = (SELECT count(*) FROM messages m
                WHERE m.conversation_id = c.id AND m.read_at IS NULL AND m.sender_id <> c.user_a),
    unread_b = (SELECT count(*) FROM messages m
                WHERE m.conversation_id = c.id AND m.read_at IS NULL AND m.sender_id <> c.user_b)
  FROM conversations c2
  LEFT JOIN LATERAL (SELECT m.id, m.sender_id FROM messages m WHERE m.conversation_id = c2.id
                     ORDER BY m.id DESC LIMIT 1) last ON true
  WHERE c.id = c2.id AND c.id = ANY(ids);
$$;

UPDATE conversations c SET fictional_id = (
  SELECT id FROM users WHERE id IN (c.user_a, c.user_b) AND fictional ORDER BY id LIMIT 1);
SELECT conversation_summary_recount(ARRAY(SELECT id FROM conversations));

CREATE INDEX conversations_fictional_waiting_idx ON conversations (updated_at)
  WHERE fictional_id IS NOT NULL AND last_sender_id IS DISTINCT FROM fictional_id AND last_sender_id IS NOT NULL;
