CREATE TABLE "fhir_export_files" (
	"export_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"resource_type" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"count" integer NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "fhir_export_files_export_id_resource_type_pk" PRIMARY KEY("export_id","resource_type")
);
--> statement-breakpoint
CREATE TABLE "fhir_exports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fhir_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"clinic_id" integer NOT NULL,
	"month" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"patients_total" integer,
	"patients_done" integer DEFAULT 0 NOT NULL,
	"patient_ids" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "fhir_exports_progress_check" CHECK ("fhir_exports"."patients_done" >= 0)
);
--> statement-breakpoint
ALTER TABLE "fhir_export_files" ADD CONSTRAINT "fhir_export_files_export_id_fhir_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."fhir_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_export_files" ADD CONSTRAINT "fhir_export_files_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_exports" ADD CONSTRAINT "fhir_exports_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_exports" ADD CONSTRAINT "fhir_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fhir_exports_clinic_idx" ON "fhir_exports" USING btree ("clinic_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "fhir_exports_active_unique" ON "fhir_exports" USING btree ("clinic_id","month") WHERE "fhir_exports"."status" in ('queued', 'running');