ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "completed_recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "date_place_name" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "date_place_address" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "date_place_url" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "date_message" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "date_sequence" integer DEFAULT 0 NOT NULL;