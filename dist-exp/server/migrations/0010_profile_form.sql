ALTER TABLE "client_profiles" ADD COLUMN "height_cm" integer;--> statement-breakpoint
ALTER TABLE "client_profiles" ADD COLUMN "education" text;--> statement-breakpoint
ALTER TABLE "client_profiles" ADD COLUMN "profession" text;--> statement-breakpoint
ALTER TABLE "client_profiles" ADD COLUMN "languages" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "client_profiles" ADD COLUMN "seeking_genders" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "client_profiles" ADD COLUMN "age_min" integer;--> statement-breakpoint
ALTER TABLE "client_profiles" ADD COLUMN "age_max" integer;--> statement-breakpoint
ALTER TABLE "client_profiles" ADD COLUMN "max_distance_km" integer;--> statement-breakpoint
ALTER TABLE "client_profiles" ADD COLUMN "relationship_sought" text;--> statement-breakpoint
ALTER TABLE "client_profiles" ADD COLUMN "smoking" text;--> statement-breakpoint
ALTER TABLE "client_profiles" ADD COLUMN "drinking" text;--> statement-breakpoint
ALTER TABLE "client_profiles" ADD COLUMN "has_children" boolean;--> statement-breakpoint
ALTER TABLE "client_profiles" ADD COLUMN "wants_children" text;--> statement-breakpoint
ALTER TABLE "client_profiles" ADD COLUMN "religion" text;--> statement-breakpoint
ALTER TABLE "client_profiles" ADD COLUMN "dealbreakers" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "client_profiles" ADD COLUMN "completed_steps" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE TABLE "client_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"kind" text NOT NULL,
	"text_version" text NOT NULL,
	"given_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "client_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trait_correction_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"matchmaker_id" text,
	"trait" text,
	"message" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "client_consents" ADD CONSTRAINT "client_consents_client_id_user_profiles_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_photos" ADD CONSTRAINT "client_photos_client_id_user_profiles_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trait_correction_requests" ADD CONSTRAINT "trait_correction_requests_client_id_user_profiles_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trait_correction_requests" ADD CONSTRAINT "trait_correction_requests_matchmaker_id_user_profiles_id_fk" FOREIGN KEY ("matchmaker_id") REFERENCES "public"."user_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_consents_client_idx" ON "client_consents" USING btree ("client_id","kind","given_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "client_photos_client_idx" ON "client_photos" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "trait_correction_requests_matchmaker_idx" ON "trait_correction_requests" USING btree ("matchmaker_id","status");--> statement-breakpoint
CREATE INDEX "trait_correction_requests_client_idx" ON "trait_correction_requests" USING btree ("client_id");
