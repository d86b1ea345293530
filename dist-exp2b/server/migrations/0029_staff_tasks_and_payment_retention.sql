CREATE TYPE "public"."staff_task_kind" AS ENUM('call_same_day', 'matchmaker_contact', 'intake_invitation', 'welcome_mail');--> statement-breakpoint
CREATE TABLE "staff_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "staff_task_kind" NOT NULL,
	"client_id" text NOT NULL,
	"payment_id" uuid,
	"tier" "tier" NOT NULL,
	"assignee_id" text,
	"due_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" text,
	CONSTRAINT "staff_tasks_payment_kind_unique" UNIQUE("payment_id","kind")
);
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "client_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "personal_data_erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_tasks" ADD CONSTRAINT "staff_tasks_client_id_user_profiles_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_tasks" ADD CONSTRAINT "staff_tasks_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_tasks" ADD CONSTRAINT "staff_tasks_assignee_id_user_profiles_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."user_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_tasks" ADD CONSTRAINT "staff_tasks_done_by_user_profiles_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."user_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_tasks_open_idx" ON "staff_tasks" USING btree ("assignee_id","due_at") WHERE "staff_tasks"."done_at" IS NULL;--> statement-breakpoint
CREATE INDEX "staff_tasks_client_idx" ON "staff_tasks" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "payments_retention_idx" ON "payments" USING btree ("paid_at") WHERE "payments"."personal_data_erased_at" IS NULL;