-- The codes the site's pages name (docs/product/credits-and-payments.md, "Advertised codes"; docs/adr/0033-discount-rule.md):
-- the welcome code a lander promises and the retention code of the account-deletion page, one word per language
-- (ADVERTISED_CODES in shared/src/lib/discount-rule.ts), each a row valid on every site and once per member.
-- `purpose` says which rule decides who may use it: 'welcome' (a member who has not paid, within the site's
-- welcome_discount_hours of signup), 'retention' (any member; the percentage is the company's delete_discount,
-- the one the deletion page states, and a company offering none has no retention code).
ALTER TABLE discount_codes ADD COLUMN purpose text CHECK (purpose IN ('welcome', 'retention'));

INSERT INTO discount_codes (code, site_id, value_percentage, validity, status, purpose)
SELECT c.code, NULL, c.pct, 'once_per_user', 'active', c.purpose
FROM (VALUES
  ('VELKOMMEN', 25, 'welcome'), ('WILLKOMMEN', 25, 'welcome'), ('WELCOME', 25, 'welcome'),
  ('BIENVENIDO', 25, 'welcome'), ('TERVETULOA', 25, 'welcome'), ('BIENVENUE', 25, 'welcome'),
  ('BENVENUTO', 25, 'welcome'), ('WELKOM', 25, 'welcome'), ('WITAJ', 25, 'welcome'), ('VALKOMMEN', 25, 'welcome'),
  ('BLIV50', 50, 'retention'), ('BLEIB50', 50, 'retention'), ('STAY50', 50, 'retention'),
  ('QUEDATE50', 50, 'retention'), ('JAA50', 50, 'retention'), ('RESTE50', 50, 'retention'),
  ('RESTA50', 50, 'retention'), ('BLI50', 50, 'retention'), ('BLIJF50', 50, 'retention'),
  ('ZOSTAN50', 50, 'retention'), ('STANNA50', 50, 'retention')
) AS c (code, pct, purpose)
WHERE NOT EXISTS (SELECT 1 FROM discount_codes d WHERE upper(d.code) = c.code AND d.site_id IS NULL
                  AND d.user_id IS NULL);
-- An older site code of the same name would shadow these for that site: say which rule it follows.
UPDATE discount_codes d SET purpose = c.purpose
FROM (VALUES ('WELKOM', 'welcome'), ('WELCOME', 'welcome')) AS c (code, purpose)
WHERE upper(d.code) = c.code AND d.user_id IS NULL AND d.purpose IS NULL AND d.site_id IS NULL;
