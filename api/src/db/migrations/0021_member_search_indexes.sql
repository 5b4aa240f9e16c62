-- Member search pages in SQL (issue 9 item 10): the page query walks one of these indexes in the answer's order
-- (members with a photo first, newest first) and stops after the page, for the common filter combinations.
-- Age and region filters are checked on the rows the walk reads. Partial on what search never shows.
CREATE INDEX profiles_search_all_idx ON profiles ((main_photo_id IS NULL), user_id DESC)
  WHERE status <> 'disabled';
CREATE INDEX profiles_search_gender_idx ON profiles (gender, (main_photo_id IS NULL), user_id DESC)
  WHERE status <> 'disabled';
CREATE INDEX profiles_search_country_idx ON profiles (country, (main_photo_id IS NULL), user_id DESC)
  WHERE status <> 'disabled';
CREATE INDEX profiles_search_country_gender_idx ON profiles (country, gender, (main_photo_id IS NULL), user_id DESC)
  WHERE status <> 'disabled';
