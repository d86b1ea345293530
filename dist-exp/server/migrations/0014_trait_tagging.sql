CREATE TABLE "tagging_requests" (
	"client_id" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claim_token" uuid,
	"claimed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "client_trait_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"trait" text NOT NULL,
	"source" "trait_source" NOT NULL,
	"action" text NOT NULL,
	"actor_id" text,
	"evidence" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_trait_events_action" CHECK ("client_trait_events"."action" IN ('suggested', 'confirmed', 'rejected', 'added', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "tagging_requests" ADD CONSTRAINT "tagging_requests_client_id_user_profiles_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_trait_events" ADD CONSTRAINT "client_trait_events_client_id_user_profiles_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_trait_events" ADD CONSTRAINT "client_trait_events_actor_id_user_profiles_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_trait_events_client_idx" ON "client_trait_events" USING btree ("client_id","created_at" DESC NULLS LAST);
