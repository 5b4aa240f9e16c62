-- Client telemetry that proves where it comes from (docs/adr/0032-canary-guard.md).
--
-- Each page the server hands out carries a signed view token naming a page id, the visitor and the versions the page
-- was given. A view of that page (its navigation `seq`, the app it is charged to) is counted once: the first beacon
-- that claims it inserts its row here, a replay or a second beacon for the same view finds it and adds nothing. Rows
-- are kept until the token has expired (it is refused after that anyway).
CREATE TABLE telemetry_claims (
  page text NOT NULL,
  seq integer NOT NULL,
  app text NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (page, seq, app)
);
CREATE INDEX telemetry_claims_expires ON telemetry_claims (expires_at);

-- What the canary guard counts: per app version, minute and visitor, whether any of the visitor's views that
-- minute had an error or a load failure charged to that app, and their worst LCP and INP (histogram buckets of
-- vital-buckets.ts). The guard counts visitors, so one visitor's views weigh as one visitor however many they are.
-- `visitor` is a keyed hash (APP_SECRET) of the experiment cookie's visitor id, not the id itself.
CREATE TABLE telemetry_visitors (
  app text NOT NULL,
  version text NOT NULL,
  minute timestamptz NOT NULL,
  visitor text NOT NULL,
  error boolean NOT NULL DEFAULT false,
  load_failure boolean NOT NULL DEFAULT false,
  lcp_bucket smallint,
  inp_bucket smallint,
  PRIMARY KEY (app, version, minute, visitor)
);
