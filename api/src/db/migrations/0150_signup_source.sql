-- Where the signup modal was opened (issue 13 item 5: the modal's `source` was passed and never read). Kept beside
-- the tracking values to tell which entry points (a lander CTA, a like, the chats list, a profile) convert.
ALTER TABLE users ADD COLUMN signup_source text;
