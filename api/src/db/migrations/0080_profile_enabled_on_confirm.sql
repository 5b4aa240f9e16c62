-- docs/product/routes-and-layouts.md: a member who still has to click the activation link has status not_confirmed and profile status
-- disabled (the shell's activation reminder asks for both). Signup now creates the profile disabled; whichever
-- path confirms the address (activation link, password reset, email change) enables it here, once, so no
-- writer can forget it. Existing unconfirmed members get the same state.
CREATE FUNCTION users_enable_profile_on_confirm() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles SET status = 'active', updated_at = now() WHERE user_id = NEW.id AND status = 'disabled';
  RETURN NULL;
END
$$;

CREATE TRIGGER users_enable_profile_on_confirm AFTER UPDATE OF status ON users
  FOR EACH ROW WHEN (OLD.status = 'not_confirmed' AND NEW.status = 'confirmed')
  EXECUTE FUNCTION users_enable_profile_on_confirm();

UPDATE profiles p SET status = 'disabled'
  FROM users u WHERE u.id = p.user_id AND u.status = 'not_confirmed' AND p.status = 'active';
