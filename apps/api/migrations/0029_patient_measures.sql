CREATE TABLE "measure_assignments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "measure_assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"clinic_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"measure" text NOT NULL,
	"repeat_weeks" smallint,
	"starts_on" date NOT NULL,
	"next_due_on" date,
	"last_filled_on" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stopped_at" timestamp with time zone,
	"stopped_by" integer,
	CONSTRAINT "measure_assignments_repeat_check" CHECK ("measure_assignments"."repeat_weeks" is null or "measure_assignments"."repeat_weeks" between 1 and 8)
);
--> statement-breakpoint
ALTER TABLE "functional_entries" ADD COLUMN "assignment_id" integer;--> statement-breakpoint
ALTER TABLE "functional_entries" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "functional_entries" ADD COLUMN "activities" jsonb;--> statement-breakpoint
ALTER TABLE "measure_assignments" ADD CONSTRAINT "measure_assignments_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measure_assignments" ADD CONSTRAINT "measure_assignments_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measure_assignments" ADD CONSTRAINT "measure_assignments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measure_assignments" ADD CONSTRAINT "measure_assignments_stopped_by_users_id_fk" FOREIGN KEY ("stopped_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "measure_assignments_patient_idx" ON "measure_assignments" USING btree ("patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "measure_assignments_running_unique" ON "measure_assignments" USING btree ("patient_id","measure") WHERE "measure_assignments"."stopped_at" is null and "measure_assignments"."next_due_on" is not null;--> statement-breakpoint
ALTER TABLE "functional_entries" ADD CONSTRAINT "functional_entries_assignment_id_measure_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."measure_assignments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "functional_entries_patient_client_unique" ON "functional_entries" USING btree ("patient_id","client_id");