-- Each member's live events, for a stream that reconnects to resume from the last one it saw (SSE
-- `Last-Event-ID`, docs/adr/0039-live-resume.md) on the one-node path without Redis (with REDIS_URL the log is a
-- Redis stream per member). `id` comes from one sequence: increasing in the order the node stored the events,
-- which is the order it delivered them. `event` is the event's JSON as the stream wrote it; NULL marks an anchor,
-- the place a stream that opened on an empty log continues from (never replayed). Bounded per member by count
-- (pruned by the statement that appends) and by age (a sweep every few minutes). No foreign key: an erased
-- member's events leave with the age sweep.
CREATE TABLE live_events (
  user_id integer NOT NULL,
  id bigserial,
  event text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, id)
);
CREATE INDEX live_events_created_at ON live_events (created_at);
