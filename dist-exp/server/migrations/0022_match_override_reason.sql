ALTER TABLE "matches" ADD COLUMN "override_reason" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "overridden_rules" text[] DEFAULT '{}'::text[] NOT NULL;