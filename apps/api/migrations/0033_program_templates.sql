CREATE TABLE "program_template_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "program_template_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"clinic_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"video_id" integer NOT NULL,
	"position" integer NOT NULL,
	"sets" integer NOT NULL,
	"reps" integer NOT NULL,
	"hold_seconds" integer DEFAULT 0 NOT NULL,
	"times_per_day" integer DEFAULT 1 NOT NULL,
	"days_per_week" integer DEFAULT 7 NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "program_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "program_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"clinic_id" integer NOT NULL,
	"owner_user_id" integer,
	"name" text NOT NULL,
	"visibility" text DEFAULT 'private' NOT NULL,
	"retired_at" timestamp with time zone,
	"retired_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "program_template_items" ADD CONSTRAINT "program_template_items_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_template_items" ADD CONSTRAINT "program_template_items_template_id_program_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."program_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_template_items" ADD CONSTRAINT "program_template_items_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_templates" ADD CONSTRAINT "program_templates_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_templates" ADD CONSTRAINT "program_templates_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "program_template_items_template_position_idx" ON "program_template_items" USING btree ("template_id","position","id");--> statement-breakpoint
CREATE INDEX "program_template_items_video_idx" ON "program_template_items" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "program_templates_owner_name_idx" ON "program_templates" USING btree ("owner_user_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "program_templates_clinic_visibility_name_idx" ON "program_templates" USING btree ("clinic_id","visibility",lower("name"),"id");