-- The deploy registry (docs/adr/0025-registry-in-the-database.md): which version of each app every node serves.
-- It used to be $DATA_DIR/site/registry.json on one node's disk; here every node reads the same rows, and a
-- deploy, promote or rollback switches one app in one transaction (a row lock on that app: two deploys of
-- different apps never lose each other's switch), then NOTIFYs the nodes.

-- A version whose files are all in object storage (written after the last upload, so a version listed here is
-- complete; an upload interrupted before this row leaves only objects, which a re-run overwrites).
CREATE TABLE deploy_versions (
  app          text NOT NULL,
  version      text NOT NULL,
  -- Every file of the build (paths relative to the version folder, server bundles included), with its size.
  files        jsonb NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (app, version)
);

-- One row per app: the stable version, the previous ones (newest first) and a running experiment.
CREATE TABLE deploy_apps (
  app            text PRIMARY KEY,
  current        text NOT NULL,
  history        text[] NOT NULL DEFAULT '{}',
  canary_version text,
  canary_weight  smallint CHECK (canary_weight BETWEEN 0 AND 100),
  canary_since   timestamptz,
  updated_at     timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (app, current) REFERENCES deploy_versions (app, version),
  FOREIGN KEY (app, canary_version) REFERENCES deploy_versions (app, version),
  CHECK ((canary_version IS NULL) = (canary_weight IS NULL))
);

-- What each command did, for the operator (who switched what, when).
CREATE TABLE deploy_log (
  id         bigserial PRIMARY KEY,
  app        text NOT NULL,
  action     text NOT NULL CHECK (action IN ('deploy', 'canary', 'promote', 'rollback')),
  from_version text,
  to_version   text,
  weight     smallint,
  host       text NOT NULL DEFAULT '',
  at         timestamptz NOT NULL DEFAULT now()
);
