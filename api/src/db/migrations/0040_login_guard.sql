-- Login attempts counted per lock key, and no secrets in audit tables.
--
-- login_lockouts was keyed by the typed "email", which is sometimes a password typed into the wrong field. It is
-- now keyed by a keyed hash (HMAC with APP_SECRET): 'a:<hash of the identifier>' counts attempts from any client,
-- 'd:<hash of a device id>' attempts from a device the member logged in with before (device cookie), so an
-- attacker's failures do not lock the owner out of their usual device. Rows are short-lived: dropped, not kept.
DROP TABLE login_lockouts;
CREATE TABLE login_lockouts (
  site_id      integer NOT NULL REFERENCES sites(id),
  lock_key     text NOT NULL,
  failed_count integer NOT NULL DEFAULT 0,
  window_start timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  PRIMARY KEY (site_id, lock_key)
);

-- login_audit keeps an address only when it is a valid email; every row has the keyed hash of what was typed.
ALTER TABLE login_audit ALTER COLUMN email DROP NOT NULL;
ALTER TABLE login_audit ADD COLUMN ident_hash text;
UPDATE login_audit SET email = NULL
  WHERE email IS NOT NULL AND (email = '' OR email !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$');
CREATE INDEX login_audit_created_idx ON login_audit (created_at);
CREATE INDEX login_audit_ident_idx ON login_audit (site_id, ident_hash);
