CREATE TYPE "public"."contract_status" AS ENUM('pending', 'active_for_matching', 'paused', 'ended');--> statement-breakpoint
CREATE TYPE "public"."feedback_request_status" AS ENUM('pending', 'completed', 'expired');--> statement-breakpoint
CREATE TYPE "public"."feedback_request_type" AS ENUM('periodic', 'post_match', 'manual');--> statement-breakpoint
CREATE TYPE "public"."gender" AS ENUM('woman', 'man', 'non_binary');--> statement-breakpoint
CREATE TYPE "public"."inactivity_status" AS ENUM('active', 'inactive', 'dormant');--> statement-breakpoint
CREATE TYPE "public"."intake_status" AS ENUM('scheduled', 'completed');--> statement-breakpoint
CREATE TYPE "public"."match_response" AS ENUM('accepted', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."match_status" AS ENUM('proposed', 'accepted', 'rejected', 'scheduled', 'completed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."outbox_status" AS ENUM('pending', 'sent', 'failed');--> statement-breakpoint
CREATE TYPE "public"."payment_provider" AS ENUM('stripe', 'demo');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('open', 'paid', 'expired', 'failed');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('client', 'matchmaker', 'admin');--> statement-breakpoint
CREATE TYPE "public"."session_type" AS ENUM('intake', 'follow_up', 'coaching');--> statement-breakpoint
CREATE TYPE "public"."subscription_status" AS ENUM('active', 'grace_period', 'expired', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."tier" AS ENUM('Relax', 'Relax+', 'Persoonlijk', 'Persoonlijk+');--> statement-breakpoint
CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkout_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"provider_session_id" text NOT NULL,
	"client_id" text NOT NULL,
	"tier" "tier" NOT NULL,
	"price_id" text NOT NULL,
	"amount_total" integer NOT NULL,
	"currency" text DEFAULT 'eur' NOT NULL,
	"status" "payment_status" DEFAULT 'open' NOT NULL,
	"url" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_sessions_provider_session_id_unique" UNIQUE("provider_session_id"),
	CONSTRAINT "checkout_amount_nonnegative" CHECK ("checkout_sessions"."amount_total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "client_match_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"match_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"response" "match_response" NOT NULL,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_match_responses_once" UNIQUE("match_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "client_profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"birth_date" date,
	"gender" "gender",
	"town" text,
	"postcode" integer,
	"province" text,
	"interests" text[] DEFAULT '{}'::text[] NOT NULL,
	"about_me" text,
	"looking_for" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_profiles_postcode_range" CHECK ("client_profiles"."postcode" IS NULL OR "client_profiles"."postcode" BETWEEN 1000 AND 9999)
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"template" text NOT NULL,
	"dedupe_key" text,
	"status" "outbox_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "feedback_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"matchmaker_id" text NOT NULL,
	"request_type" "feedback_request_type" DEFAULT 'periodic' NOT NULL,
	"status" "feedback_request_status" DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "intake_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"intake_session_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"matchmaker_id" text,
	"feedback_requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"professionalism_rating" integer,
	"communication_rating" integer,
	"overall_satisfaction_rating" integer,
	"improvement_feedback" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intake_feedback_intake_session_id_unique" UNIQUE("intake_session_id"),
	CONSTRAINT "if_professionalism_range" CHECK (professionalism_rating IS NULL OR professionalism_rating BETWEEN 1 AND 5),
	CONSTRAINT "if_communication_range" CHECK (communication_rating IS NULL OR communication_rating BETWEEN 1 AND 5),
	CONSTRAINT "if_overall_range" CHECK (overall_satisfaction_rating IS NULL OR overall_satisfaction_rating BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "intake_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"calendly_event_id" text,
	"scheduled_at" timestamp with time zone,
	"session_type" "session_type" DEFAULT 'intake' NOT NULL,
	"status" "intake_status" DEFAULT 'scheduled' NOT NULL,
	"matchmaker_notes" text,
	"location" text,
	"assigned_matchmaker_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intake_sessions_calendly_event_id_unique" UNIQUE("calendly_event_id")
);
--> statement-breakpoint
CREATE TABLE "match_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"match_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"rating" integer NOT NULL,
	"would_meet_again" boolean,
	"feedback_text" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_feedback_once" UNIQUE("match_id","client_id"),
	CONSTRAINT "match_feedback_rating_range" CHECK (rating IS NULL OR rating BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "match_follow_up" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"match_id" uuid NOT NULL,
	"follow_up_date" timestamp with time zone NOT NULL,
	"notes" text,
	"reported_by_client_id" text,
	"updated_by_matchmaker_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client1_id" text NOT NULL,
	"client2_id" text NOT NULL,
	"matchmaker_id" text,
	"status" "match_status" DEFAULT 'proposed' NOT NULL,
	"note" text,
	"proposed_to_clients_at" timestamp with time zone,
	"response_deadline" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"scheduled_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matches_client_pair_unique" UNIQUE("client1_id","client2_id"),
	CONSTRAINT "matches_client_order" CHECK ("matches"."client1_id" < "matches"."client2_id")
);
--> statement-breakpoint
CREATE TABLE "matchmaker_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"matchmaker_id" text NOT NULL,
	"feedback_request_id" uuid,
	"communication_rating" integer,
	"preference_understanding_rating" integer,
	"match_quality_rating" integer,
	"responsiveness_rating" integer,
	"overall_satisfaction_rating" integer NOT NULL,
	"feedback_text" text,
	"improvement_suggestions" text,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"feedback_period_start" timestamp with time zone NOT NULL,
	"feedback_period_end" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mf_communication_range" CHECK (communication_rating IS NULL OR communication_rating BETWEEN 1 AND 5),
	CONSTRAINT "mf_preference_range" CHECK (preference_understanding_rating IS NULL OR preference_understanding_rating BETWEEN 1 AND 5),
	CONSTRAINT "mf_match_quality_range" CHECK (match_quality_rating IS NULL OR match_quality_rating BETWEEN 1 AND 5),
	CONSTRAINT "mf_responsiveness_range" CHECK (responsiveness_rating IS NULL OR responsiveness_rating BETWEEN 1 AND 5),
	CONSTRAINT "mf_overall_range" CHECK (overall_satisfaction_rating IS NULL OR overall_satisfaction_rating BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "matchmaker_profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"profile_photo_url" text,
	"bio" text,
	"about_me" text,
	"success_rate" integer,
	"years_experience" integer,
	"specialties" text[] DEFAULT '{}'::text[] NOT NULL,
	"calendly_link" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matchmaker_profiles_slug_unique" UNIQUE("slug"),
	CONSTRAINT "matchmaker_success_rate_range" CHECK ("matchmaker_profiles"."success_rate" IS NULL OR "matchmaker_profiles"."success_rate" BETWEEN 0 AND 100),
	CONSTRAINT "matchmaker_years_nonnegative" CHECK ("matchmaker_profiles"."years_experience" IS NULL OR "matchmaker_profiles"."years_experience" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"provider_session_id" text NOT NULL,
	"client_id" text NOT NULL,
	"tier" "tier" NOT NULL,
	"amount_total" integer NOT NULL,
	"currency" text NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_provider_session_id_unique" UNIQUE("provider_session_id")
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "user_profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"role" "role" DEFAULT 'client' NOT NULL,
	"full_name" text,
	"assigned_matchmaker_id" text,
	"tier" "tier" DEFAULT 'Relax' NOT NULL,
	"contract_status" "contract_status" DEFAULT 'pending' NOT NULL,
	"subscription_status" "subscription_status",
	"subscription_started_at" timestamp with time zone,
	"subscription_ends_at" timestamp with time zone,
	"grace_period_end_date" timestamp with time zone,
	"last_activity_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"inactivity_status" "inactivity_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_client_id_user_profiles_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_match_responses" ADD CONSTRAINT "client_match_responses_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_match_responses" ADD CONSTRAINT "client_match_responses_client_id_user_profiles_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_profiles" ADD CONSTRAINT "client_profiles_id_user_profiles_id_fk" FOREIGN KEY ("id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_requests" ADD CONSTRAINT "feedback_requests_client_id_user_profiles_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_requests" ADD CONSTRAINT "feedback_requests_matchmaker_id_user_profiles_id_fk" FOREIGN KEY ("matchmaker_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_feedback" ADD CONSTRAINT "intake_feedback_intake_session_id_intake_sessions_id_fk" FOREIGN KEY ("intake_session_id") REFERENCES "public"."intake_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_feedback" ADD CONSTRAINT "intake_feedback_client_id_user_profiles_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_feedback" ADD CONSTRAINT "intake_feedback_matchmaker_id_user_profiles_id_fk" FOREIGN KEY ("matchmaker_id") REFERENCES "public"."user_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_sessions" ADD CONSTRAINT "intake_sessions_user_id_user_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_sessions" ADD CONSTRAINT "intake_sessions_assigned_matchmaker_id_user_profiles_id_fk" FOREIGN KEY ("assigned_matchmaker_id") REFERENCES "public"."user_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_feedback" ADD CONSTRAINT "match_feedback_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_feedback" ADD CONSTRAINT "match_feedback_client_id_user_profiles_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_follow_up" ADD CONSTRAINT "match_follow_up_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_follow_up" ADD CONSTRAINT "match_follow_up_reported_by_client_id_user_profiles_id_fk" FOREIGN KEY ("reported_by_client_id") REFERENCES "public"."user_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_follow_up" ADD CONSTRAINT "match_follow_up_updated_by_matchmaker_id_user_profiles_id_fk" FOREIGN KEY ("updated_by_matchmaker_id") REFERENCES "public"."user_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_client1_id_user_profiles_id_fk" FOREIGN KEY ("client1_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_client2_id_user_profiles_id_fk" FOREIGN KEY ("client2_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_matchmaker_id_user_profiles_id_fk" FOREIGN KEY ("matchmaker_id") REFERENCES "public"."user_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matchmaker_feedback" ADD CONSTRAINT "matchmaker_feedback_client_id_user_profiles_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matchmaker_feedback" ADD CONSTRAINT "matchmaker_feedback_matchmaker_id_user_profiles_id_fk" FOREIGN KEY ("matchmaker_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matchmaker_feedback" ADD CONSTRAINT "matchmaker_feedback_feedback_request_id_feedback_requests_id_fk" FOREIGN KEY ("feedback_request_id") REFERENCES "public"."feedback_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matchmaker_profiles" ADD CONSTRAINT "matchmaker_profiles_id_user_profiles_id_fk" FOREIGN KEY ("id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_client_id_user_profiles_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_id_user_id_fk" FOREIGN KEY ("id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_assigned_matchmaker_id_user_profiles_id_fk" FOREIGN KEY ("assigned_matchmaker_id") REFERENCES "public"."user_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "checkout_sessions_client_idx" ON "checkout_sessions" USING btree ("client_id","status");--> statement-breakpoint
CREATE INDEX "client_profiles_province_idx" ON "client_profiles" USING btree ("province");--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_dedupe_idx" ON "email_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "email_outbox_status_idx" ON "email_outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "feedback_requests_client_status_idx" ON "feedback_requests" USING btree ("client_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "intake_feedback_pending_idx" ON "intake_feedback" USING btree ("client_id","feedback_requested_at" DESC NULLS LAST) WHERE "intake_feedback"."submitted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "intake_feedback_matchmaker_idx" ON "intake_feedback" USING btree ("matchmaker_id");--> statement-breakpoint
CREATE INDEX "intake_sessions_user_created_idx" ON "intake_sessions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "intake_sessions_matchmaker_idx" ON "intake_sessions" USING btree ("assigned_matchmaker_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "match_feedback_match_submitted_idx" ON "match_feedback" USING btree ("match_id","submitted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "match_follow_up_match_date_idx" ON "match_follow_up" USING btree ("match_id","follow_up_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "matches_client2_idx" ON "matches" USING btree ("client2_id");--> statement-breakpoint
CREATE INDEX "matches_matchmaker_idx" ON "matches" USING btree ("matchmaker_id");--> statement-breakpoint
CREATE INDEX "matches_created_at_idx" ON "matches" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "matches_status_deadline_idx" ON "matches" USING btree ("status","response_deadline");--> statement-breakpoint
CREATE INDEX "matchmaker_feedback_matchmaker_idx" ON "matchmaker_feedback" USING btree ("matchmaker_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "matchmaker_feedback_client_idx" ON "matchmaker_feedback" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "payments_client_idx" ON "payments" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_profiles_assigned_matchmaker_idx" ON "user_profiles" USING btree ("assigned_matchmaker_id");--> statement-breakpoint
CREATE INDEX "user_profiles_role_idx" ON "user_profiles" USING btree ("role");--> statement-breakpoint
CREATE INDEX "user_profiles_subscription_idx" ON "user_profiles" USING btree ("subscription_status","subscription_ends_at");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE VIEW "public"."available_matchmakers" AS (
  SELECT mp.id, up.full_name, u.email, mp.slug, mp.profile_photo_url, mp.bio, mp.about_me, mp.specialties,
         mp.is_active, mp.success_rate, mp.years_experience, mp.calendly_link,
         (SELECT count(*)::int FROM user_profiles c
           WHERE c.assigned_matchmaker_id = mp.id AND c.role = 'client') AS client_count
    FROM matchmaker_profiles mp
    JOIN user_profiles up ON up.id = mp.id
    JOIN "user" u ON u.id = mp.id
);