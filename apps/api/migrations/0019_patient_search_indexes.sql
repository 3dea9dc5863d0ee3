DROP INDEX "patients_clinic_search_trgm_idx";--> statement-breakpoint
DROP INDEX "patients_clinic_name_idx";--> statement-breakpoint
CREATE INDEX "patients_search_grams_idx" ON "patients" USING gin (patient_search_grams("clinic_id", "search_text"));--> statement-breakpoint
CREATE INDEX "patients_clinic_name_idx" ON "patients" USING btree ("clinic_id","last_name","first_name","id","status","search_text");