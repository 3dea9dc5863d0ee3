CREATE TABLE "video_visits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "video_visits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"clinic_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"patient_joined_at" timestamp with time zone,
	"staff_socket" text,
	"patient_socket" text,
	"spans" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quiet_since" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"ended_by" integer,
	"connected_seconds" integer,
	"connected_from" timestamp with time zone,
	"connected_until" timestamp with time zone,
	"interaction_log_id" integer
);
--> statement-breakpoint
ALTER TABLE "video_visits" ADD CONSTRAINT "video_visits_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_visits" ADD CONSTRAINT "video_visits_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_visits" ADD CONSTRAINT "video_visits_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_visits" ADD CONSTRAINT "video_visits_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_visits" ADD CONSTRAINT "video_visits_interaction_log_id_interaction_logs_id_fk" FOREIGN KEY ("interaction_log_id") REFERENCES "public"."interaction_logs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_visits_clinic_patient_idx" ON "video_visits" USING btree ("clinic_id","patient_id");--> statement-breakpoint
CREATE INDEX "video_visits_quiet_idx" ON "video_visits" USING btree ("quiet_since") WHERE "video_visits"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "video_visits_log_idx" ON "video_visits" USING btree ("interaction_log_id");