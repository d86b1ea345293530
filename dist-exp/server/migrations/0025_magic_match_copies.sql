ALTER TABLE "client_profiles" ADD COLUMN "match_traits" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "client_profiles" ADD COLUMN "quiz_scores" integer[];--> statement-breakpoint
-- Issue 28 (decision 037): magic match reads a candidate's confirmed traits and latest quiz from
-- the profile row. These two functions say what the copies hold; the triggers below keep them.
CREATE OR REPLACE FUNCTION client_match_traits(cid text) RETURNS text[] AS $$
  SELECT coalesce(array_agg(DISTINCT trait ORDER BY trait), '{}'::text[])
    FROM client_traits WHERE client_id = cid AND status = 'confirmed'
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION client_quiz_scores(cid text) RETURNS integer[] AS $$
  SELECT ARRAY[openness, conscientiousness, extraversion, agreeableness, emotional_stability,
               closeness, independence, togetherness]
    FROM quiz_attempts WHERE client_id = cid AND finished_at IS NOT NULL
   ORDER BY finished_at DESC LIMIT 1
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
-- Once per statement, for the clients it touched (a bulk insert updates each profile once).
CREATE OR REPLACE FUNCTION refresh_match_traits() RETURNS trigger AS $$
BEGIN
  -- Lock first, then read in a new statement: a transaction changing the same client's rows at the
  -- same time has committed by then, and its rows are read too (READ COMMITTED).
  PERFORM 1 FROM client_profiles WHERE id IN (SELECT client_id FROM changed) ORDER BY id FOR UPDATE;
  UPDATE client_profiles cp SET match_traits = client_match_traits(cp.id)
   WHERE cp.id IN (SELECT DISTINCT client_id FROM changed);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_quiz_scores() RETURNS trigger AS $$
BEGIN
  -- Lock first, then read in a new statement: a transaction changing the same client's rows at the
  -- same time has committed by then, and its rows are read too (READ COMMITTED).
  PERFORM 1 FROM client_profiles WHERE id IN (SELECT client_id FROM changed) ORDER BY id FOR UPDATE;
  UPDATE client_profiles cp SET quiz_scores = client_quiz_scores(cp.id)
   WHERE cp.id IN (SELECT DISTINCT client_id FROM changed);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER client_traits_copy_insert AFTER INSERT ON client_traits
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION refresh_match_traits();
--> statement-breakpoint
CREATE TRIGGER client_traits_copy_update AFTER UPDATE ON client_traits
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION refresh_match_traits();
--> statement-breakpoint
CREATE TRIGGER client_traits_copy_delete AFTER DELETE ON client_traits
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION refresh_match_traits();
--> statement-breakpoint
CREATE TRIGGER quiz_attempts_copy_insert AFTER INSERT ON quiz_attempts
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION refresh_quiz_scores();
--> statement-breakpoint
CREATE TRIGGER quiz_attempts_copy_update AFTER UPDATE ON quiz_attempts
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION refresh_quiz_scores();
--> statement-breakpoint
CREATE TRIGGER quiz_attempts_copy_delete AFTER DELETE ON quiz_attempts
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION refresh_quiz_scores();
--> statement-breakpoint
-- A profile made after its traits or quiz (a factory, an import) starts with their copies.
CREATE OR REPLACE FUNCTION fill_profile_copies() RETURNS trigger AS $$
BEGIN
  NEW.match_traits := client_match_traits(NEW.id);
  NEW.quiz_scores := client_quiz_scores(NEW.id);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER client_profiles_copies BEFORE INSERT ON client_profiles
  FOR EACH ROW EXECUTE FUNCTION fill_profile_copies();
--> statement-breakpoint
UPDATE client_profiles SET match_traits = client_match_traits(id), quiz_scores = client_quiz_scores(id);
