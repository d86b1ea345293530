-- Issue 17 (item 4): the admin console.
-- The success rate on the public pages comes from real outcomes (decision 017): of a matchmaker's
-- proposals the clients decided on (both accepted, or one rejected), the share both accepted;
-- shown from 5 decided proposals on. The typed-in column goes.
DROP VIEW "public"."available_matchmakers";--> statement-breakpoint
ALTER TABLE "matchmaker_profiles" DROP CONSTRAINT "matchmaker_success_rate_range";--> statement-breakpoint
DROP INDEX IF EXISTS "matchmaker_profiles_listing_idx";--> statement-breakpoint
ALTER TABLE "matchmaker_profiles" DROP COLUMN "success_rate";--> statement-breakpoint
CREATE INDEX "matches_matchmaker_outcome_idx" ON "matches" USING btree ("matchmaker_id","status") WHERE "matches"."accepted_at" IS NOT NULL OR "matches"."status" = 'rejected';--> statement-breakpoint
CREATE VIEW "public"."available_matchmakers" AS (
  SELECT mp.id, up.full_name, u.email, mp.slug, mp.profile_photo_url, mp.bio, mp.about_me, mp.specialties,
         mp.is_active,
         (SELECT CASE WHEN count(*) >= 5
                      THEN round(100.0 * count(*) FILTER (WHERE m.accepted_at IS NOT NULL) / count(*))::int
                 END
            FROM matches m
           WHERE m.matchmaker_id = mp.id
             AND (m.accepted_at IS NOT NULL OR m.status = 'rejected')) AS success_rate,
         mp.years_experience, mp.calendly_link,
         (SELECT count(*)::int FROM user_profiles c
           WHERE c.assigned_matchmaker_id = mp.id AND c.role = 'client') AS client_count
    FROM matchmaker_profiles mp
    JOIN user_profiles up ON up.id = mp.id
    JOIN "user" u ON u.id = mp.id
);--> statement-breakpoint
-- Who changed what on an account in the admin console (and a matchmaker on their own profile).
CREATE TABLE "admin_audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_id" text NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"detail" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "admin_audit_events" ADD CONSTRAINT "admin_audit_events_subject_id_user_profiles_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_audit_events" ADD CONSTRAINT "admin_audit_events_actor_id_user_profiles_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_events_subject_idx" ON "admin_audit_events" USING btree ("subject_id","created_at" DESC NULLS LAST);
