CREATE TABLE "magic_match_shown" (
	"matchmaker_id" text NOT NULL,
	"candidate_id" text NOT NULL,
	"shown_at" timestamp with time zone NOT NULL,
	CONSTRAINT "magic_match_shown_matchmaker_id_candidate_id_pk" PRIMARY KEY("matchmaker_id","candidate_id")
);
--> statement-breakpoint
CREATE TABLE "unassigned_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"calendly_event_id" text NOT NULL,
	"scheduled_at" timestamp with time zone,
	"event_type_name" text,
	"location" text,
	"join_url" text,
	"invitee_email" text,
	"invitee_name" text,
	"host_matchmaker_id" text,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unassigned_bookings_calendly_event_id_unique" UNIQUE("calendly_event_id")
);
--> statement-breakpoint
ALTER TABLE "magic_match_shown" ADD CONSTRAINT "magic_match_shown_matchmaker_id_user_profiles_id_fk" FOREIGN KEY ("matchmaker_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magic_match_shown" ADD CONSTRAINT "magic_match_shown_candidate_id_user_profiles_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unassigned_bookings" ADD CONSTRAINT "unassigned_bookings_host_matchmaker_id_user_profiles_id_fk" FOREIGN KEY ("host_matchmaker_id") REFERENCES "public"."user_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "magic_match_shown_candidate_idx" ON "magic_match_shown" USING btree ("candidate_id");