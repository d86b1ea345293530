ALTER TABLE "email_outbox" ADD COLUMN "failed_at" timestamp with time zone;
