-- Client telemetry per remote version (docs/adr/0032-canary-guard.md): what browsers report about the page they showed, aggregated per
-- app, version, page and minute. No personal data: no member, no visitor id, no address, page paths without query.
CREATE TABLE telemetry_minutes (
  app text NOT NULL,
  version text NOT NULL,
  page text NOT NULL,
  minute timestamptz NOT NULL,
  page_views integer NOT NULL DEFAULT 0 CHECK (page_views >= 0),
  -- Page views with at least one uncaught error, rejected promise or error-boundary fallback.
  error_views integer NOT NULL DEFAULT 0 CHECK (error_views >= 0),
  -- Page views where this app's remote entry or one of its chunks failed to load.
  load_failure_views integer NOT NULL DEFAULT 0 CHECK (load_failure_views >= 0),
  PRIMARY KEY (app, version, minute, page)
);

-- Web Vitals as histograms: one row per bucket (see api/src/domains/experiments/vital-buckets.ts for the bucket edges).
CREATE TABLE telemetry_vitals (
  app text NOT NULL,
  version text NOT NULL,
  minute timestamptz NOT NULL,
  metric text NOT NULL CHECK (metric IN ('lcp', 'inp', 'cls')),
  bucket smallint NOT NULL,
  count integer NOT NULL CHECK (count >= 0),
  PRIMARY KEY (app, version, metric, minute, bucket)
);

-- The errors themselves, by fingerprint (message and top frame), for staff: which errors a version throws most.
CREATE TABLE telemetry_errors (
  app text NOT NULL,
  version text NOT NULL,
  fingerprint text NOT NULL,
  kind text NOT NULL,
  message text NOT NULL,
  stack text NOT NULL,
  count integer NOT NULL DEFAULT 0,
  first_seen timestamptz NOT NULL DEFAULT now(),
  last_seen timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (app, version, fingerprint)
);
