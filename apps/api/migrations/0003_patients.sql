CREATE TABLE "icd10_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interaction_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "interaction_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"patient_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"date" date NOT NULL,
	"kind" text DEFAULT 'phone' NOT NULL,
	"minutes" integer DEFAULT 0 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer
);
--> statement-breakpoint
CREATE TABLE "otp_challenges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "otp_challenges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"verification_token_hash" text,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "patient_episodes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patient_episodes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"patient_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"diagnosis" text NOT NULL,
	"therapist_id" integer,
	"started_at" timestamp with time zone NOT NULL,
	"started_by" integer,
	"ended_at" timestamp with time zone,
	"ended_by" integer
);
--> statement-breakpoint
CREATE TABLE "patient_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patient_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"patient_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"actor_user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"clinic_id" integer NOT NULL,
	"user_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"dial_code" text DEFAULT '+1' NOT NULL,
	"phone" text NOT NULL,
	"birthday" date NOT NULL,
	"email" text,
	"diagnosis" text,
	"therapist_id" integer,
	"status" text DEFAULT 'registered' NOT NULL,
	"is_rtm_covered" boolean DEFAULT false NOT NULL,
	"consent_date" date,
	"consent_method" text,
	"source" text DEFAULT 'staff' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower("patients"."first_name" || ' ' || "patients"."last_name" || ' ' || coalesce("patients"."email", '') || ' ' || "patients"."phone")) STORED NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"clinic_id" integer NOT NULL,
	"patient_id" integer,
	"assignee_id" integer,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" integer
);
--> statement-breakpoint
ALTER TABLE "interaction_logs" ADD CONSTRAINT "interaction_logs_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interaction_logs" ADD CONSTRAINT "interaction_logs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_episodes" ADD CONSTRAINT "patient_episodes_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_episodes" ADD CONSTRAINT "patient_episodes_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_episodes" ADD CONSTRAINT "patient_episodes_diagnosis_icd10_codes_code_fk" FOREIGN KEY ("diagnosis") REFERENCES "public"."icd10_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_episodes" ADD CONSTRAINT "patient_episodes_therapist_id_users_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_events" ADD CONSTRAINT "patient_events_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_diagnosis_icd10_codes_code_fk" FOREIGN KEY ("diagnosis") REFERENCES "public"."icd10_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_therapist_id_users_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "icd10_codes_description_trgm_idx" ON "icd10_codes" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "interaction_logs_patient_date_idx" ON "interaction_logs" USING btree ("patient_id","date");--> statement-breakpoint
CREATE INDEX "otp_challenges_phone_idx" ON "otp_challenges" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "otp_challenges_token_idx" ON "otp_challenges" USING btree ("verification_token_hash");--> statement-breakpoint
CREATE INDEX "patient_episodes_patient_idx" ON "patient_episodes" USING btree ("patient_id","started_at");--> statement-breakpoint
CREATE INDEX "patient_events_patient_idx" ON "patient_events" USING btree ("patient_id","at");--> statement-breakpoint
CREATE INDEX "patients_clinic_status_name_idx" ON "patients" USING btree ("clinic_id","status","last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "patients_clinic_name_idx" ON "patients" USING btree ("clinic_id","last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "patients_clinic_birthday_idx" ON "patients" USING btree ("clinic_id","birthday");--> statement-breakpoint
CREATE INDEX "patients_therapist_idx" ON "patients" USING btree ("therapist_id");--> statement-breakpoint
CREATE INDEX "patients_clinic_last_prefix_idx" ON "patients" USING btree ("clinic_id",lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patients_clinic_first_prefix_idx" ON "patients" USING btree ("clinic_id",lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patients_clinic_search_trgm_idx" ON "patients" USING gin ("clinic_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_clinic_status_idx" ON "tasks" USING btree ("clinic_id","status","created_at");