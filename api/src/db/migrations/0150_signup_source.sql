-- Where the signup modal was opened (docs/adr/0022-forms-and-schemas.md: the modal's `source` was passed and never read). Kept beside
-- the tracking values to tell which entry points (a lander CTA, a like, the chats list, a profile) convert.
ALTER TABLE users ADD COLUMN signup_source text;
