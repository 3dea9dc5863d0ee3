CREATE TABLE "reminder_deliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reminder_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"clinic_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"local_date" date NOT NULL,
	"channel" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"due_at" timestamp with time zone NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"outbox_id" integer
);
--> statement-breakpoint
CREATE TABLE "reminder_schedules" (
	"patient_id" integer PRIMARY KEY NOT NULL,
	"clinic_id" integer NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"days" text[] NOT NULL,
	"local_time" text NOT NULL,
	"timezone" text NOT NULL,
	"language" text NOT NULL,
	"channels" text[] NOT NULL,
	"quiet_hours_allowed" boolean DEFAULT false NOT NULL,
	"set_by" text NOT NULL,
	"updated_by" integer,
	"sms_opted_out" boolean DEFAULT false NOT NULL,
	"email_opted_out" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_schedules" ADD CONSTRAINT "reminder_schedules_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_schedules" ADD CONSTRAINT "reminder_schedules_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_schedules" ADD CONSTRAINT "reminder_schedules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_deliveries_claim_idx" ON "reminder_deliveries" USING btree ("patient_id","local_date","channel");--> statement-breakpoint
CREATE INDEX "reminder_deliveries_clinic_patient_at_idx" ON "reminder_deliveries" USING btree ("clinic_id","patient_id","at");--> statement-breakpoint
CREATE INDEX "reminder_schedules_clinic_idx" ON "reminder_schedules" USING btree ("clinic_id");