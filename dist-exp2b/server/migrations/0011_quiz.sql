CREATE TABLE "quiz_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"quiz_version" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"openness" integer,
	"conscientiousness" integer,
	"extraversion" integer,
	"agreeableness" integer,
	"emotional_stability" integer,
	"closeness" integer,
	"independence" integer,
	"togetherness" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_attempts_scores" CHECK ((finished_at IS NULL AND openness IS NULL AND conscientiousness IS NULL AND extraversion IS NULL AND agreeableness IS NULL AND emotional_stability IS NULL AND closeness IS NULL AND independence IS NULL AND togetherness IS NULL) OR (finished_at IS NOT NULL AND openness BETWEEN 0 AND 100 AND conscientiousness BETWEEN 0 AND 100 AND extraversion BETWEEN 0 AND 100 AND agreeableness BETWEEN 0 AND 100 AND emotional_stability BETWEEN 0 AND 100 AND closeness BETWEEN 0 AND 100 AND independence BETWEEN 0 AND 100 AND togetherness BETWEEN 0 AND 100))
);
--> statement-breakpoint
CREATE TABLE "quiz_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"attempt_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"value" integer NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_answers_attempt_question_key" UNIQUE("attempt_id","question_id"),
	CONSTRAINT "quiz_answers_value_range" CHECK ("quiz_answers"."value" BETWEEN 1 AND 5)
);
--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_client_id_user_profiles_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD CONSTRAINT "quiz_answers_attempt_id_quiz_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."quiz_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_attempts_one_open_idx" ON "quiz_attempts" USING btree ("client_id") WHERE "quiz_attempts"."finished_at" IS NULL;--> statement-breakpoint
CREATE INDEX "quiz_attempts_client_finished_idx" ON "quiz_attempts" USING btree ("client_id","finished_at" DESC NULLS LAST);