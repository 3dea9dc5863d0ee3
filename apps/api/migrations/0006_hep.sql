CREATE TABLE "exercise_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exercise_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"clinic_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"hep_item_id" integer NOT NULL,
	"performed_at" timestamp with time zone NOT NULL,
	"local_date" date NOT NULL,
	"sets_done" smallint NOT NULL,
	"reps_done" smallint,
	"pain" smallint,
	"difficulty" text,
	"note" text DEFAULT '' NOT NULL,
	"client_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "functional_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "functional_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"measure_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"date" date NOT NULL,
	"answers" jsonb NOT NULL,
	"score" real NOT NULL,
	"scoring_version" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "functional_measures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "functional_measures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"clinic_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"datatype_id" integer NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_metrics" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "health_metrics_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"clinic_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" double precision NOT NULL,
	"measured_at" timestamp with time zone NOT NULL,
	"local_date" date NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hep_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hep_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"clinic_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"video_id" integer NOT NULL,
	"folder_id" integer,
	"folder_name" text,
	"position" integer NOT NULL,
	"sets" integer NOT NULL,
	"reps" integer NOT NULL,
	"hold_seconds" integer DEFAULT 0 NOT NULL,
	"times_per_day" integer DEFAULT 1 NOT NULL,
	"days_per_week" integer DEFAULT 7 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer
);
--> statement-breakpoint
ALTER TABLE "exercise_logs" ADD CONSTRAINT "exercise_logs_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_logs" ADD CONSTRAINT "exercise_logs_hep_item_id_hep_items_id_fk" FOREIGN KEY ("hep_item_id") REFERENCES "public"."hep_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "functional_entries" ADD CONSTRAINT "functional_entries_measure_id_functional_measures_id_fk" FOREIGN KEY ("measure_id") REFERENCES "public"."functional_measures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "functional_entries" ADD CONSTRAINT "functional_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "functional_measures" ADD CONSTRAINT "functional_measures_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "functional_measures" ADD CONSTRAINT "functional_measures_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_metrics" ADD CONSTRAINT "health_metrics_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hep_items" ADD CONSTRAINT "hep_items_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hep_items" ADD CONSTRAINT "hep_items_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hep_items" ADD CONSTRAINT "hep_items_folder_id_video_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."video_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hep_items" ADD CONSTRAINT "hep_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exercise_logs_patient_client_unique" ON "exercise_logs" USING btree ("patient_id","client_id");--> statement-breakpoint
CREATE INDEX "exercise_logs_patient_date_idx" ON "exercise_logs" USING btree ("patient_id","local_date");--> statement-breakpoint
CREATE INDEX "exercise_logs_item_date_idx" ON "exercise_logs" USING btree ("hep_item_id","local_date");--> statement-breakpoint
CREATE INDEX "functional_entries_measure_date_idx" ON "functional_entries" USING btree ("measure_id","date");--> statement-breakpoint
CREATE INDEX "functional_entries_patient_date_idx" ON "functional_entries" USING btree ("patient_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "functional_measures_patient_name_unique" ON "functional_measures" USING btree ("patient_id","datatype_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "health_metrics_dedup_unique" ON "health_metrics" USING btree ("patient_id","kind","source","measured_at");--> statement-breakpoint
CREATE INDEX "health_metrics_patient_date_idx" ON "health_metrics" USING btree ("patient_id","local_date","kind");--> statement-breakpoint
CREATE INDEX "hep_items_patient_position_idx" ON "hep_items" USING btree ("patient_id","position","id") WHERE "hep_items"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "hep_items_patient_created_idx" ON "hep_items" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "hep_items_video_idx" ON "hep_items" USING btree ("video_id");