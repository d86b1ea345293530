-- Issue 31 (decision 040): trigrams for the client list's name search. pg_trgm is a trusted
-- extension (PostgreSQL 13+): the database's owner may create it; PGlite loads it (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "user_profiles_clients_name_trgm_idx" ON "user_profiles" USING gin ("full_name" gin_trgm_ops) WHERE "user_profiles"."role" = 'client';