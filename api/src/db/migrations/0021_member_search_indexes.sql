-- Member search pages in SQL. Whether a profile shows in search depends on users (confirmed,
-- not invisible) and profiles (not disabled); joining users for every row read made counts and deep pages slow
-- (a hash join over every member). `searchable` keeps that answer on the profile, kept right by triggers, so a
-- search reads one index of profiles in the answer's order (members with a photo first, newest first), counts by
-- an index-only scan, and stops after the page.
ALTER TABLE profiles ADD COLUMN searchable boolean NOT NULL DEFAULT false;
ALTER TABLE profiles ADD COLUMN has_photo boolean GENERATED ALWAYS AS (main_photo_id IS NOT NULL) STORED;

UPDATE profiles p SET searchable = (p.status <> 'disabled' AND u.status = 'confirmed' AND NOT u.invisible)
FROM users u WHERE u.id = p.user_id;

CREATE FUNCTION profiles_set_searchable() RETURNS trigger AS $$
BEGIN
  NEW.searchable := NEW.status <> 'disabled' AND EXISTS (
    SELECT 1 FROM users u WHERE u.id = NEW.user_id AND u.status = 'confirmed' AND NOT u.invisible);
  RETURN NEW;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER profiles_searchable BEFORE INSERT OR UPDATE OF status, user_id ON profiles
  FOR EACH ROW EXECUTE FUNCTION profiles_set_searchable();

CREATE FUNCTION users_sync_searchable() RETURNS trigger AS $$
BEGIN
  UPDATE profiles SET searchable = (status <> 'disabled' AND NEW.status = 'confirmed' AND NOT NEW.invisible)
  WHERE user_id = NEW.id;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER users_searchable AFTER UPDATE OF status, invisible ON users
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.invisible IS DISTINCT FROM NEW.invisible)
  EXECUTE FUNCTION users_sync_searchable();

-- One index per common filter combination; the other filters (age, region) are checked on the entries read.
CREATE INDEX profiles_search_all_idx ON profiles (has_photo DESC, user_id DESC)
  INCLUDE (gender, country, date_of_birth) WHERE searchable;
CREATE INDEX profiles_search_gender_idx ON profiles (gender, has_photo DESC, user_id DESC)
  INCLUDE (country, date_of_birth) WHERE searchable;
CREATE INDEX profiles_search_country_idx ON profiles (country, has_photo DESC, user_id DESC)
  INCLUDE (gender, date_of_birth) WHERE searchable;
CREATE INDEX profiles_search_country_gender_idx ON profiles (country, gender, has_photo DESC, user_id DESC)
  INCLUDE (date_of_birth) WHERE searchable;
CREATE INDEX profiles_search_region_idx ON profiles (country, lower(region), has_photo DESC, user_id DESC)
  INCLUDE (gender, date_of_birth) WHERE searchable;
