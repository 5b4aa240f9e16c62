-- Experiments (docs/adr/0001-module-federation.md, docs/adr/0012-experiments.md): the version of a remote each visitor was given,
-- once per visitor, app and version, and the lander pages the visitor saw. Conversions (signup, activation, first
-- purchase) are not copied here: the report joins users and credit_ledger through user_id at report time.
CREATE TABLE experiment_assignments (
  id         bigserial PRIMARY KEY,
  visitor    text NOT NULL,
  app        text NOT NULL,
  version    text NOT NULL,
  arm        text NOT NULL CHECK (arm IN ('stable', 'canary')),
  site_id    integer REFERENCES sites(id) ON DELETE CASCADE,
  -- The account the visitor created (set at signup); null while a visitor.
  user_id    integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (visitor, app, version)
);
CREATE INDEX experiment_assignments_app_idx ON experiment_assignments (app, version);
CREATE INDEX experiment_assignments_visitor_idx ON experiment_assignments (visitor) WHERE user_id IS NULL;

CREATE TABLE experiment_visits (
  assignment_id bigint NOT NULL REFERENCES experiment_assignments(id) ON DELETE CASCADE,
  -- The lander page (shared LanderPageKey: home, gallery, landing2, …).
  page          text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (assignment_id, page)
);
