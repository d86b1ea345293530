-- One source of truth for a person's name: better-auth's "user".name. A change there (update-user)
-- reaches user_profiles.full_name in the same statement, whoever makes it.
CREATE OR REPLACE FUNCTION sync_profile_full_name() RETURNS trigger AS $$
BEGIN
  UPDATE user_profiles
  SET full_name = NULLIF(btrim(NEW.name), ''), updated_at = now()
  WHERE id = NEW.id;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER user_name_to_profile
  AFTER UPDATE OF name ON "user"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION sync_profile_full_name();
