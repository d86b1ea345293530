-- Every new account gets its user_profiles row (role client, tier Relax) in the same
-- transaction as the user row, whoever inserts it (better-auth, the seed, a test factory).
CREATE OR REPLACE FUNCTION create_user_profile() RETURNS trigger AS $$
BEGIN
  INSERT INTO user_profiles (id, full_name, role, tier)
  VALUES (NEW.id, NULLIF(btrim(NEW.name), ''), 'client', 'Relax')
  ON CONFLICT (id) DO NOTHING;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER user_profile_on_signup
  AFTER INSERT ON "user"
  FOR EACH ROW EXECUTE FUNCTION create_user_profile();
