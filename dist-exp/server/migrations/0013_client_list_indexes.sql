CREATE INDEX "user_profiles_clients_name_idx" ON "user_profiles" USING btree ("full_name" ASC NULLS LAST,"id") WHERE "user_profiles"."role" = 'client';--> statement-breakpoint
CREATE INDEX "user_profiles_clients_matchmaker_name_idx" ON "user_profiles" USING btree ("assigned_matchmaker_id","full_name" ASC NULLS LAST,"id") WHERE "user_profiles"."role" = 'client';--> statement-breakpoint
CREATE INDEX "user_profiles_clients_created_idx" ON "user_profiles" USING btree ("created_at","id") WHERE "user_profiles"."role" = 'client';--> statement-breakpoint
CREATE INDEX "user_profiles_clients_activity_idx" ON "user_profiles" USING btree ("last_activity_at" DESC NULLS LAST,"id") WHERE "user_profiles"."role" = 'client';
