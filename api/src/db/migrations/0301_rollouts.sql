-- The canary guard (docs/adr/0032-canary-guard.md): a rollout raises a canary's weight step by step,
-- judged against the stable version on what browsers report; every decision is kept with its numbers.
CREATE TABLE rollouts (
  id bigserial PRIMARY KEY,
  app text NOT NULL,
  stable_version text NOT NULL,
  canary_version text NOT NULL,
  -- Ascending weights ending at 100, e.g. {10,25,50,100}.
  steps smallint[] NOT NULL CHECK (cardinality(steps) > 0 AND steps[cardinality(steps)] = 100),
  weight smallint NOT NULL CHECK (weight BETWEEN 1 AND 100),
  step_started_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'promoted', 'rolled_back', 'stopped')),
  -- The last evaluation, waits included (the decisions table keeps only what changed something).
  last_decision jsonb,
  started_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz
);
-- One running rollout per app.
CREATE UNIQUE INDEX rollouts_running_idx ON rollouts (app) WHERE status = 'running';

CREATE TABLE rollout_decisions (
  id bigserial PRIMARY KEY,
  rollout_id bigint NOT NULL REFERENCES rollouts (id) ON DELETE CASCADE,
  action text NOT NULL CHECK (action IN ('advance', 'promote', 'rollback', 'stop')),
  weight_before smallint NOT NULL,
  weight_after smallint,
  reason text NOT NULL,
  -- The numbers the decision was made on: both arms' counts and each metric's verdict.
  evidence jsonb NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rollout_decisions_rollout_idx ON rollout_decisions (rollout_id, at);
