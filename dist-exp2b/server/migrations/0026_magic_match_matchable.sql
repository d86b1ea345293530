ALTER TABLE "client_profiles" ADD COLUMN "matchable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "client_profiles_matchable_idx" ON "client_profiles" USING btree ("gender","birth_date") WHERE "client_profiles"."matchable";--> statement-breakpoint
-- Decision 037: who can be a candidate at all, the state part of the eligibility rule
-- (clientStateFailures): a client active for matching who has not paused matching or deleted
-- their account. client_profiles.matchable holds it, kept by the triggers below.
CREATE OR REPLACE FUNCTION client_matchable(cid text) RETURNS boolean AS $$
  SELECT coalesce((SELECT up.role = 'client' AND up.contract_status = 'active_for_matching'
                     FROM user_profiles up WHERE up.id = cid), false)
     AND NOT EXISTS (SELECT 1 FROM account_settings s
                      WHERE s.user_id = cid
                        AND (s.matching_paused_at IS NOT NULL OR s.deleted_at IS NOT NULL))
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
-- Lock first, then read in a new statement, as refresh_match_traits() (migration 0025).
CREATE OR REPLACE FUNCTION set_matchable(cid text) RETURNS void AS $$
BEGIN
  PERFORM 1 FROM client_profiles WHERE id = cid FOR UPDATE;
  UPDATE client_profiles SET matchable = client_matchable(cid)
   WHERE id = cid AND matchable IS DISTINCT FROM client_matchable(cid);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_matchable_of_user() RETURNS trigger AS $$
BEGIN
  PERFORM set_matchable(NEW.id);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_matchable_of_settings() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM set_matchable(OLD.user_id);
  ELSE
    PERFORM set_matchable(NEW.user_id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER user_profiles_matchable AFTER UPDATE ON user_profiles
  FOR EACH ROW WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.contract_status IS DISTINCT FROM NEW.contract_status)
  EXECUTE FUNCTION refresh_matchable_of_user();
--> statement-breakpoint
CREATE TRIGGER account_settings_matchable_insert AFTER INSERT ON account_settings
  FOR EACH ROW WHEN (NEW.matching_paused_at IS NOT NULL OR NEW.deleted_at IS NOT NULL)
  EXECUTE FUNCTION refresh_matchable_of_settings();
--> statement-breakpoint
CREATE TRIGGER account_settings_matchable_update AFTER UPDATE ON account_settings
  FOR EACH ROW WHEN (OLD.matching_paused_at IS DISTINCT FROM NEW.matching_paused_at
                     OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION refresh_matchable_of_settings();
--> statement-breakpoint
CREATE TRIGGER account_settings_matchable_delete AFTER DELETE ON account_settings
  FOR EACH ROW EXECUTE FUNCTION refresh_matchable_of_settings();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fill_profile_copies() RETURNS trigger AS $$
BEGIN
  NEW.match_traits := client_match_traits(NEW.id);
  NEW.quiz_scores := client_quiz_scores(NEW.id);
  NEW.matchable := client_matchable(NEW.id);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
UPDATE client_profiles SET matchable = client_matchable(id);
