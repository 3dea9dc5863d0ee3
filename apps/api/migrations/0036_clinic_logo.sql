ALTER TABLE "clinics" ADD COLUMN "logo" "bytea";--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "logo_type" text;