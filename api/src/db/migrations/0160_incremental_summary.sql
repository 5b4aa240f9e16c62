-- A send's cost in the database (ADR 0014, addendum "the send"): the summary triggers of 0004/0010 recounted a
-- conversation's unread messages on every insert (1.9 ms of a 4.3 ms send under load), and every change to a
-- conversation row notified `chats_changed` (0005), which makes PostgreSQL take its one notification-queue lock
-- at every commit, so sends committed one after another.
--
-- 1. Insert and update (a message read) now add to and subtract from the counts of the conversations the statement
--    touched, in one UPDATE per statement. The UPDATE locks the conversation row; when it had to wait, PostgreSQL
--    evaluates `unread_a + n` again on the row as the other transaction left it, so concurrent sends into one
--    conversation both count (the test of 0004 stays). Only a message moved to another conversation or sender (no
--    writer does that) falls back to the recount. Deletion keeps the recount: it may remove the last message.
--    api/src/domains/chat/__tests__/summary-drift.test.ts compares the counts with a full recount after a random
--    mix of sends, reads, deletions and blocks.
-- 2. A transaction that tells the API nodes itself (the send and the read of chat/messages.ts publish over the
--    bus after commit, lib/bus.ts) sets `dating.chats_published` and does not notify. Every other writer (the
--    staff tools, blocks, account erasure, a hand-written statement) still notifies as before.

CREATE FUNCTION conversation_summary_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One conversation per statement is the rule (a send); several (the seed) are locked in id order first, as the
  -- recount did, so two such statements cannot deadlock.
  IF (SELECT count(DISTINCT conversation_id) FROM changed) > 1 THEN
    PERFORM 1 FROM conversations WHERE id IN (SELECT conversation_id FROM changed) ORDER BY id FOR UPDATE;
  END IF;
  UPDATE conversations c SET
    last_message_id = CASE WHEN c.last_message_id IS NULL OR n.last_id > c.last_message_id
                           THEN n.last_id ELSE c.last_message_id END,
    last_sender_id = CASE WHEN c.last_message_id IS NULL OR n.last_id > c.last_message_id
                          THEN n.last_sender ELSE c.last_sender_id END,
    unread_a = c.unread_a + n.add_a,
    unread_b = c.unread_b + n.add_b
  FROM (SELECT m.conversation_id,
               max(m.id) AS last_id,
               (array_agg(m.sender_id ORDER BY m.id DESC))[1] AS last_sender,
               count(*) FILTER (WHERE m.read_at IS NULL AND m.sender_id <> cv.user_a) AS add_a,
               count(*) FILTER (WHERE m.read_at IS NULL AND m.sender_id <> cv.user_b) AS add_b
        FROM changed m JOIN conversations cv ON cv.id = m.conversation_id
        GROUP BY m.conversation_id) n
  WHERE c.id = n.conversation_id;
  RETURN NULL;
END
$$;

CREATE FUNCTION conversation_summary_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM before_rows o LEFT JOIN after_rows a ON a.id = o.id
             WHERE a.id IS NULL OR a.conversation_id <> o.conversation_id OR a.sender_id <> o.sender_id) THEN
    PERFORM conversation_summary_recount(ARRAY(
      SELECT conversation_id FROM before_rows UNION SELECT conversation_id FROM after_rows ORDER BY 1));
    RETURN NULL;
  END IF;
  IF (SELECT count(DISTINCT conversation_id) FROM after_rows) > 1 THEN
    PERFORM 1 FROM conversations WHERE id IN (SELECT conversation_id FROM after_rows) ORDER BY id FOR UPDATE;
  END IF;
  UPDATE conversations c SET
    unread_a = c.unread_a + coalesce(n.delta_a, 0),
    unread_b = c.unread_b + coalesce(n.delta_b, 0)
  FROM (SELECT a.conversation_id,
               sum((a.read_at IS NULL)::int - (o.read_at IS NULL)::int) FILTER (WHERE a.sender_id <> cv.user_a) AS delta_a,
               sum((a.read_at IS NULL)::int - (o.read_at IS NULL)::int) FILTER (WHERE a.sender_id <> cv.user_b) AS delta_b
        FROM before_rows o JOIN after_rows a ON a.id = o.id JOIN conversations cv ON cv.id = a.conversation_id
        WHERE (a.read_at IS NULL) <> (o.read_at IS NULL)
        GROUP BY a.conversation_id) n
  WHERE c.id = n.conversation_id;
  RETURN NULL;
END
$$;

DROP TRIGGER messages_summary_insert ON messages;
DROP TRIGGER messages_summary_update ON messages;
CREATE TRIGGER messages_summary_insert AFTER INSERT ON messages
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION conversation_summary_added();
CREATE TRIGGER messages_summary_update AFTER UPDATE ON messages
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
  FOR EACH STATEMENT EXECUTE FUNCTION conversation_summary_changed();

CREATE OR REPLACE FUNCTION conversations_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF current_setting('dating.chats_published', true) = 'on' THEN
    RETURN NULL;
  END IF;
  FOR r IN SELECT DISTINCT user_a, user_b FROM changed LOOP
    PERFORM pg_notify('chats_changed', current_schema() || ' ' || r.user_a || ' ' || r.user_b);
  END LOOP;
  RETURN NULL;
END
$$;
