-- A canary deployed as a rollout (npm run deploy -- <app> --canary 10 --steps 10,25,50,100): the steps travel with
-- the canary in the registry, and the canary guard starts a rollout from them (docs/adr/0032-canary-guard.md).
-- NULL: a canary weighted by hand. Cleared whenever the canary is cleared or replaced without steps.
ALTER TABLE deploy_apps ADD COLUMN canary_steps smallint[];
