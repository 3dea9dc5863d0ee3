DROP INDEX "tasks_clinic_status_idx";--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "cause" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "closed_by" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_clinic_status_assignee_idx" ON "tasks" USING btree ("clinic_id","status","assignee_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tasks_patient_status_idx" ON "tasks" USING btree ("patient_id","status");--> statement-breakpoint
-- The QR registration's tasks made before causes existed take the cause the rules give them, so none is made twice.
UPDATE "tasks" SET "cause" = 'patient:' || "patient_id" WHERE "kind" = 'onboard_patient' AND "patient_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_clinic_kind_cause_unique" ON "tasks" USING btree ("clinic_id","kind","cause") WHERE "tasks"."cause" is not null;