ALTER TABLE "patients" ADD COLUMN "mrn" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "insurance_member_id" text;