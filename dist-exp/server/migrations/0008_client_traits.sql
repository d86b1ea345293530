CREATE TYPE "public"."trait_source" AS ENUM('intake_ai', 'quiz', 'matchmaker');--> statement-breakpoint
CREATE TYPE "public"."trait_status" AS ENUM('suggested', 'confirmed', 'rejected');--> statement-breakpoint
CREATE TABLE "client_traits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"trait" text NOT NULL,
	"confidence" real NOT NULL,
	"source" "trait_source" NOT NULL,
	"evidence" text,
	"status" "trait_status" DEFAULT 'suggested' NOT NULL,
	"intake_session_id" uuid,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_traits_client_trait_source_key" UNIQUE("client_id","trait","source"),
	CONSTRAINT "client_traits_confidence_range" CHECK ("client_traits"."confidence" BETWEEN 0 AND 1)
);
--> statement-breakpoint
ALTER TABLE "client_traits" ADD CONSTRAINT "client_traits_client_id_user_profiles_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_traits" ADD CONSTRAINT "client_traits_intake_session_id_intake_sessions_id_fk" FOREIGN KEY ("intake_session_id") REFERENCES "public"."intake_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_traits" ADD CONSTRAINT "client_traits_decided_by_user_profiles_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_traits_client_status_idx" ON "client_traits" USING btree ("client_id","status");--> statement-breakpoint
CREATE INDEX "client_traits_confirmed_idx" ON "client_traits" USING btree ("trait") WHERE "client_traits"."status" = 'confirmed';