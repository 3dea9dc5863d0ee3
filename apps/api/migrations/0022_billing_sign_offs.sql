-- A supervisor's sign-off of a clinic's closed billing month (decision 1210). It is evidence of what was signed:
-- once written it is never changed or removed.
CREATE TABLE "billing_sign_offs" (
	"clinic_id" integer NOT NULL,
	"month" text NOT NULL,
	"signed_by" integer,
	"signer_name" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"closed_file_id" integer NOT NULL,
	"closed_file_sha256" text NOT NULL,
	"signed_file_id" integer NOT NULL,
	"signed_file_sha256" text NOT NULL,
	"figures" jsonb NOT NULL,
	CONSTRAINT "billing_sign_offs_clinic_id_month_pk" PRIMARY KEY("clinic_id","month")
);
--> statement-breakpoint
ALTER TABLE "billing_sign_offs" ADD CONSTRAINT "billing_sign_offs_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "billing_sign_offs" ADD CONSTRAINT "billing_sign_offs_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "billing_sign_offs" ADD CONSTRAINT "billing_sign_offs_closed_file_id_billing_files_id_fk" FOREIGN KEY ("closed_file_id") REFERENCES "public"."billing_files"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "billing_sign_offs" ADD CONSTRAINT "billing_sign_offs_signed_file_id_billing_files_id_fk" FOREIGN KEY ("signed_file_id") REFERENCES "public"."billing_files"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE FUNCTION billing_sign_offs_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'billing_sign_offs is append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER billing_sign_offs_append_only
  BEFORE UPDATE OR DELETE ON billing_sign_offs
  FOR EACH ROW EXECUTE FUNCTION billing_sign_offs_refuse_change();
