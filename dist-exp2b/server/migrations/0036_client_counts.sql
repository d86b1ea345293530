CREATE TABLE "client_counts" (
	"assigned_matchmaker_id" text,
	"contract_status" "contract_status" NOT NULL,
	"tier" "tier" NOT NULL,
	"clients" integer NOT NULL
);
--> statement-breakpoint
-- Decision 045: client_counts holds changes (+n, -n) of the live clients per matchmaker, contract
-- status and tier; the dashboard sums them. A live client: role 'client', and no account_settings
-- row with deleted_at (decision 014). Each trigger adds what its own table's change did, with the
-- other table as it is at that moment, so the sum is exact after any sequence of writes.
-- Statement-level with transition tables: a bulk update (a sweep, the seed) adds one row per key.
CREATE OR REPLACE FUNCTION count_clients_of_profiles() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO client_counts (assigned_matchmaker_id, contract_status, tier, clients)
    SELECT n.assigned_matchmaker_id, n.contract_status, n.tier, count(*)
      FROM new_profiles n
     WHERE n.role = 'client'
       AND NOT EXISTS (SELECT 1 FROM account_settings s WHERE s.user_id = n.id AND s.deleted_at IS NOT NULL)
     GROUP BY 1, 2, 3;
  ELSE
    INSERT INTO client_counts (assigned_matchmaker_id, contract_status, tier, clients)
    SELECT d.assigned_matchmaker_id, d.contract_status, d.tier, sum(d.clients)
      FROM (SELECT o.id, o.role, o.assigned_matchmaker_id, o.contract_status, o.tier, -1 AS clients FROM old_profiles o
            UNION ALL
            SELECT n.id, n.role, n.assigned_matchmaker_id, n.contract_status, n.tier, 1 FROM new_profiles n) d
     WHERE d.role = 'client'
       AND NOT EXISTS (SELECT 1 FROM account_settings s WHERE s.user_id = d.id AND s.deleted_at IS NOT NULL)
     GROUP BY 1, 2, 3
    HAVING sum(d.clients) <> 0;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A profile removed: counted out BEFORE the delete, while its account_settings row still says
-- whether it was deleted (the foreign key's cascade removes that row before an AFTER trigger runs).
CREATE OR REPLACE FUNCTION count_removed_profile() RETURNS trigger AS $$
BEGIN
  INSERT INTO client_counts (assigned_matchmaker_id, contract_status, tier, clients)
  SELECT OLD.assigned_matchmaker_id, OLD.contract_status, OLD.tier, -1
   WHERE OLD.role = 'client'
     AND NOT EXISTS (SELECT 1 FROM account_settings s WHERE s.user_id = OLD.id AND s.deleted_at IS NOT NULL);
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- An account deleted (-1) or its settings row removed while deleted (+1: the profile counts again,
-- if it is still there; removed with its profile, it is not).
CREATE OR REPLACE FUNCTION count_clients_of_settings() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO client_counts (assigned_matchmaker_id, contract_status, tier, clients)
    SELECT p.assigned_matchmaker_id, p.contract_status, p.tier, -count(*)
      FROM new_settings n JOIN user_profiles p ON p.id = n.user_id
     WHERE n.deleted_at IS NOT NULL AND p.role = 'client'
     GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO client_counts (assigned_matchmaker_id, contract_status, tier, clients)
    SELECT p.assigned_matchmaker_id, p.contract_status, p.tier,
           sum(CASE WHEN n.deleted_at IS NULL THEN 1 ELSE -1 END)
      FROM old_settings o JOIN new_settings n ON n.user_id = o.user_id
      JOIN user_profiles p ON p.id = n.user_id
     WHERE (o.deleted_at IS NULL) <> (n.deleted_at IS NULL) AND p.role = 'client'
     GROUP BY 1, 2, 3;
  ELSE
    INSERT INTO client_counts (assigned_matchmaker_id, contract_status, tier, clients)
    SELECT p.assigned_matchmaker_id, p.contract_status, p.tier, count(*)
      FROM old_settings o JOIN user_profiles p ON p.id = o.user_id
     WHERE o.deleted_at IS NOT NULL AND p.role = 'client'
     GROUP BY 1, 2, 3;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION forget_client_counts() RETURNS trigger AS $$
BEGIN
  DELETE FROM client_counts;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER user_profiles_client_counts_insert AFTER INSERT ON user_profiles
  REFERENCING NEW TABLE AS new_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION count_clients_of_profiles();
--> statement-breakpoint
CREATE TRIGGER user_profiles_client_counts_update AFTER UPDATE ON user_profiles
  REFERENCING OLD TABLE AS old_profiles NEW TABLE AS new_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION count_clients_of_profiles();
--> statement-breakpoint
CREATE TRIGGER user_profiles_client_counts_delete BEFORE DELETE ON user_profiles
  FOR EACH ROW EXECUTE FUNCTION count_removed_profile();
--> statement-breakpoint
CREATE TRIGGER user_profiles_client_counts_truncate AFTER TRUNCATE ON user_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION forget_client_counts();
--> statement-breakpoint
CREATE TRIGGER account_settings_client_counts_insert AFTER INSERT ON account_settings
  REFERENCING NEW TABLE AS new_settings
  FOR EACH STATEMENT EXECUTE FUNCTION count_clients_of_settings();
--> statement-breakpoint
CREATE TRIGGER account_settings_client_counts_update AFTER UPDATE ON account_settings
  REFERENCING OLD TABLE AS old_settings NEW TABLE AS new_settings
  FOR EACH STATEMENT EXECUTE FUNCTION count_clients_of_settings();
--> statement-breakpoint
CREATE TRIGGER account_settings_client_counts_delete AFTER DELETE ON account_settings
  REFERENCING OLD TABLE AS old_settings
  FOR EACH STATEMENT EXECUTE FUNCTION count_clients_of_settings();
--> statement-breakpoint
-- Folds the changes into one row per key (the client-counts job). One statement: changes added
-- meanwhile by other transactions are not in its snapshot, so they are neither deleted nor summed.
CREATE OR REPLACE FUNCTION compact_client_counts() RETURNS integer AS $$
  WITH gone AS (DELETE FROM client_counts RETURNING *),
       kept AS (
         INSERT INTO client_counts (assigned_matchmaker_id, contract_status, tier, clients)
         SELECT assigned_matchmaker_id, contract_status, tier, sum(clients) FROM gone
          GROUP BY 1, 2, 3 HAVING sum(clients) <> 0
         RETURNING 1)
  SELECT (SELECT count(*)::int FROM gone) - (SELECT count(*)::int FROM kept)
$$ LANGUAGE sql;
--> statement-breakpoint
INSERT INTO client_counts (assigned_matchmaker_id, contract_status, tier, clients)
SELECT p.assigned_matchmaker_id, p.contract_status, p.tier, count(*)
  FROM user_profiles p
 WHERE p.role = 'client'
   AND NOT EXISTS (SELECT 1 FROM account_settings s WHERE s.user_id = p.id AND s.deleted_at IS NOT NULL)
 GROUP BY 1, 2, 3;
