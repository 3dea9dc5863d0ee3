CREATE TABLE "billing_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"clinic_id" integer NOT NULL,
	"month" text NOT NULL,
	"name" text NOT NULL,
	"content" "bytea" NOT NULL,
	"source" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_month_closes" (
	"clinic_id" integer NOT NULL,
	"month" text NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"file_id" integer,
	CONSTRAINT "billing_month_closes_clinic_id_month_pk" PRIMARY KEY("clinic_id","month")
);
--> statement-breakpoint
CREATE TABLE "billing_rates" (
	"clinic_id" integer NOT NULL,
	"year" integer NOT NULL,
	"code" text NOT NULL,
	"rate_cents" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_rates_clinic_id_year_code_pk" PRIMARY KEY("clinic_id","year","code"),
	CONSTRAINT "billing_rates_rate_check" CHECK ("billing_rates"."rate_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "npi" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_assistant" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_files" ADD CONSTRAINT "billing_files_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_files" ADD CONSTRAINT "billing_files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_month_closes" ADD CONSTRAINT "billing_month_closes_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_month_closes" ADD CONSTRAINT "billing_month_closes_file_id_billing_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."billing_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_rates" ADD CONSTRAINT "billing_rates_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_rates" ADD CONSTRAINT "billing_rates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_files_clinic_month_idx" ON "billing_files" USING btree ("clinic_id","month","id");