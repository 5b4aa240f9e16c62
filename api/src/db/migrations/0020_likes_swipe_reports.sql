-- Likes, the swipe game and reports.

-- The site's own day: the swipe game's "4 likes per day" (docs/product/README.md, docs/product/constants.md) counts days in the site's time zone.
ALTER TABLE sites ADD COLUMN time_zone text NOT NULL DEFAULT 'Europe/Amsterdam';

-- Per-member counters of one site day (swipe likes). A limit is one
-- INSERT … ON CONFLICT DO UPDATE … WHERE used < limit: the row lock makes it exact under any concurrency.
CREATE TABLE daily_counters (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind    text NOT NULL CHECK (kind IN ('swipe')),
  day     date NOT NULL,
  used    integer NOT NULL DEFAULT 0 CHECK (used >= 0),
  PRIMARY KEY (user_id, kind, day)
);

-- Reports of members, for moderation in the back office (open → in_progress → done).
CREATE TABLE reports (
  id              serial PRIMARY KEY,
  site_id         integer NOT NULL REFERENCES sites(id),
  reporter_id     integer REFERENCES users(id) ON DELETE SET NULL,
  reported_id     integer REFERENCES users(id) ON DELETE SET NULL,
  conversation_id integer REFERENCES conversations(id) ON DELETE SET NULL,
  reason          text NOT NULL CHECK (reason IN ('fake', 'spam', 'offensive', 'underage', 'scam', 'other')),
  text            text,
  state           text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'in_progress', 'done')),
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reports_open_idx ON reports (created_at) WHERE state <> 'done';
CREATE INDEX reports_reporter_idx ON reports (reporter_id, created_at);
CREATE INDEX reports_reported_idx ON reports (reported_id);

-- Who liked me, newest first (likes.php) without a sort.
CREATE INDEX likes_liked_created_idx ON likes (liked_id, created_at DESC);
DROP INDEX likes_liked_idx;
