-- Every API node keeps members' chat lists in memory until they change (services/chats.ts). This tells all of
-- them, whoever wrote: any change to a conversation row, including the summary the messages triggers keep
-- (0004), notifies `chats_changed` with "<schema> <user_a> <user_b>" when the transaction commits. PostgreSQL
-- folds identical notifications of one transaction into one.
CREATE FUNCTION conversations_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT DISTINCT user_a, user_b FROM changed LOOP
    PERFORM pg_notify('chats_changed', current_schema() || ' ' || r.user_a || ' ' || r.user_b);
  END LOOP;
  RETURN NULL;
END
$$;

CREATE TRIGGER conversations_notify_insert AFTER INSERT ON conversations
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION conversations_notify();
CREATE TRIGGER conversations_notify_update AFTER UPDATE ON conversations
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION conversations_notify();
CREATE TRIGGER conversations_notify_delete AFTER DELETE ON conversations
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION conversations_notify();
