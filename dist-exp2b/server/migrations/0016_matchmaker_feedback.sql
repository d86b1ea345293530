ALTER TABLE "feedback_requests" ADD COLUMN "match_id" uuid;--> statement-breakpoint
ALTER TABLE "feedback_requests" ADD CONSTRAINT "feedback_requests_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "feedback_requests" SET "status" = 'expired' WHERE "status" = 'pending' AND "id" NOT IN (SELECT DISTINCT ON ("client_id") "id" FROM "feedback_requests" WHERE "status" = 'pending' ORDER BY "client_id", "created_at" DESC);--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_requests_one_pending_idx" ON "feedback_requests" USING btree ("client_id") WHERE "feedback_requests"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_requests_match_client_idx" ON "feedback_requests" USING btree ("match_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "matchmaker_feedback_request_idx" ON "matchmaker_feedback" USING btree ("feedback_request_id");--> statement-breakpoint
CREATE TABLE "matchmaker_assignments" (
	"client_id" text PRIMARY KEY NOT NULL,
	"matchmaker_id" text NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
ALTER TABLE "matchmaker_assignments" ADD CONSTRAINT "matchmaker_assignments_client_id_user_profiles_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matchmaker_assignments" ADD CONSTRAINT "matchmaker_assignments_matchmaker_id_user_profiles_id_fk" FOREIGN KEY ("matchmaker_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "matchmaker_assignments" ("client_id", "matchmaker_id", "assigned_at") SELECT "id", "assigned_matchmaker_id", now() FROM "user_profiles" WHERE "role" = 'client' AND "assigned_matchmaker_id" IS NOT NULL;
