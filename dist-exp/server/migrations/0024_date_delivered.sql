ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "completed_recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "date_place_name" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "date_place_address" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "date_place_url" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "date_message" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "date_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Issue 27: a date marked held before this migration kept the click in completed_at; it took place at its planned time.
UPDATE "matches" SET "completed_recorded_at" = "completed_at", "completed_at" = "scheduled_at" WHERE "status" = 'completed' AND "scheduled_at" IS NOT NULL AND "completed_at" IS NOT NULL AND "completed_recorded_at" IS NULL;