CREATE TABLE "banner_snoozes" (
	"clinic_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"banner" text NOT NULL,
	"snoozed_until" timestamp with time zone NOT NULL,
	"cause" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banner_snoozes_patient_id_user_id_banner_pk" PRIMARY KEY("patient_id","user_id","banner")
);
--> statement-breakpoint
ALTER TABLE "banner_snoozes" ADD CONSTRAINT "banner_snoozes_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_snoozes" ADD CONSTRAINT "banner_snoozes_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_snoozes" ADD CONSTRAINT "banner_snoozes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banner_snoozes_clinic_idx" ON "banner_snoozes" USING btree ("clinic_id");