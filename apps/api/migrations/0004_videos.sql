CREATE TABLE "hep_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hep_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"clinic_id" integer NOT NULL,
	"requested_by" integer NOT NULL,
	"request_content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_folder_items" (
	"folder_id" integer NOT NULL,
	"video_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_folder_items_folder_id_video_id_pk" PRIMARY KEY("folder_id","video_id")
);
--> statement-breakpoint
CREATE TABLE "video_folders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "video_folders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"clinic_id" integer NOT NULL,
	"owner_user_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "videos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"guid" text NOT NULL,
	"clinic_id" integer,
	"owner_user_id" integer,
	"title" text NOT NULL,
	"body_part" text NOT NULL,
	"purpose" text NOT NULL,
	"position" text NOT NULL,
	"position_title" text NOT NULL,
	"equipment" text NOT NULL,
	"reps" integer NOT NULL,
	"sets" integer NOT NULL,
	"unhealthy_body_part" text NOT NULL,
	"purpose_of_treatment" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'uploading' NOT NULL,
	"failure_reason" text,
	"duration_seconds" real,
	"size_bytes" bigint,
	"mime_type" text,
	"has_poster" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hep_requests" ADD CONSTRAINT "hep_requests_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hep_requests" ADD CONSTRAINT "hep_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_folder_items" ADD CONSTRAINT "video_folder_items_folder_id_video_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."video_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_folder_items" ADD CONSTRAINT "video_folder_items_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_folders" ADD CONSTRAINT "video_folders_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_folders" ADD CONSTRAINT "video_folders_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hep_requests_created_idx" ON "hep_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "video_folder_items_folder_added_idx" ON "video_folder_items" USING btree ("folder_id","added_at");--> statement-breakpoint
CREATE INDEX "video_folder_items_video_idx" ON "video_folder_items" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "video_folders_owner_name_idx" ON "video_folders" USING btree ("owner_user_id","name","id");--> statement-breakpoint
CREATE INDEX "video_folders_clinic_shared_name_idx" ON "video_folders" USING btree ("clinic_id","is_shared","name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "videos_guid_unique" ON "videos" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "videos_clinic_created_idx" ON "videos" USING btree ("clinic_id","created_at","id");--> statement-breakpoint
CREATE INDEX "videos_owner_created_idx" ON "videos" USING btree ("owner_user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "videos_global_created_idx" ON "videos" USING btree ("created_at","id") WHERE "videos"."clinic_id" is null;--> statement-breakpoint
CREATE INDEX "videos_status_idx" ON "videos" USING btree ("status");--> statement-breakpoint
CREATE INDEX "videos_title_trgm_idx" ON "videos" USING gin (lower("title") gin_trgm_ops);