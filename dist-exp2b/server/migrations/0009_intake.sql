ALTER TYPE "public"."intake_status" ADD VALUE IF NOT EXISTS 'cancelled';--> statement-breakpoint
ALTER TABLE "intake_sessions" ADD COLUMN "join_url" text;--> statement-breakpoint
ALTER TABLE "intake_sessions" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "intake_sessions" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "intake_sessions_status_scheduled_idx" ON "intake_sessions" USING btree ("status","scheduled_at");
