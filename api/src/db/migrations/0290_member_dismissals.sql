-- The banners a member closed (hide-enrich-alert, hide-push-notification-alert, …): per member, not per device,
-- so an alert closed on the phone stays closed on the laptop (docs/adr/0029-phone-first-banners-and-settings.md).
CREATE TABLE member_dismissals (
  user_id      integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key          text NOT NULL,
  dismissed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
