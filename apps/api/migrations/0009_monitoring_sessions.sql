CREATE TABLE "monitoring_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "monitoring_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"clinic_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"context" text,
	"started_at" timestamp with time zone NOT NULL,
	"last_beat_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"seconds" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monitoring_sessions_seconds_check" CHECK ("monitoring_sessions"."seconds" >= 0),
	CONSTRAINT "monitoring_sessions_end_check" CHECK (("monitoring_sessions"."ended_at" is null) = ("monitoring_sessions"."end_reason" is null) and "monitoring_sessions"."last_beat_at" >= "monitoring_sessions"."started_at")
);
--> statement-breakpoint
ALTER TABLE "monitoring_sessions" ADD CONSTRAINT "monitoring_sessions_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_sessions" ADD CONSTRAINT "monitoring_sessions_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_sessions" ADD CONSTRAINT "monitoring_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "monitoring_sessions_open_user_unique" ON "monitoring_sessions" USING btree ("user_id") WHERE "monitoring_sessions"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "monitoring_sessions_patient_started_idx" ON "monitoring_sessions" USING btree ("patient_id","started_at");--> statement-breakpoint
CREATE INDEX "monitoring_sessions_clinic_started_idx" ON "monitoring_sessions" USING btree ("clinic_id","started_at");--> statement-breakpoint
CREATE INDEX "interaction_logs_clinic_date_idx" ON "interaction_logs" USING btree ("clinic_id","date");