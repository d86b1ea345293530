DROP INDEX "client_profiles_province_idx";--> statement-breakpoint
DROP INDEX "user_profiles_clients_activity_idx";--> statement-breakpoint
CREATE INDEX "account_settings_deleted_idx" ON "account_settings" USING btree ("user_id") WHERE "account_settings"."deleted_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "client_profiles_province_birth_idx" ON "client_profiles" USING btree ("province","birth_date","id");--> statement-breakpoint
CREATE INDEX "intake_sessions_completed_intake_idx" ON "intake_sessions" USING btree ("user_id") WHERE "intake_sessions"."session_type" = 'intake' AND "intake_sessions"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "user_profiles_clients_activity_day_idx" ON "user_profiles" USING btree ((("last_activity_at" AT TIME ZONE 'Europe/Brussels')::date) DESC NULLS LAST,"id") WHERE "user_profiles"."role" = 'client';--> statement-breakpoint
CREATE INDEX "user_profiles_clients_counts_idx" ON "user_profiles" USING btree ("assigned_matchmaker_id","contract_status","tier","id") WHERE "user_profiles"."role" = 'client';