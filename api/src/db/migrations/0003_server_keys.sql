-- Keys the server makes for itself on first start (the VAPID key pair of Web Push). In the database, not in
-- DATA_DIR, so every API node of one deployment signs with the same pair.
CREATE TABLE server_keys (
  name       text PRIMARY KEY,
  value      jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
