CREATE TABLE "magic_match_hidden" (
	"client_id" text NOT NULL,
	"candidate_id" text NOT NULL,
	"reason" text NOT NULL,
	"hidden_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "magic_match_hidden_client_id_candidate_id_pk" PRIMARY KEY("client_id","candidate_id")
);
--> statement-breakpoint
ALTER TABLE "magic_match_hidden" ADD CONSTRAINT "magic_match_hidden_client_id_user_profiles_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magic_match_hidden" ADD CONSTRAINT "magic_match_hidden_candidate_id_user_profiles_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magic_match_hidden" ADD CONSTRAINT "magic_match_hidden_hidden_by_user_profiles_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."user_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_profiles_magic_match_idx" ON "client_profiles" USING btree ("gender","birth_date");--> statement-breakpoint
CREATE INDEX "user_profiles_matching_idx" ON "user_profiles" USING btree ("id") WHERE "user_profiles"."role" = 'client' AND "user_profiles"."contract_status" = 'active_for_matching';
