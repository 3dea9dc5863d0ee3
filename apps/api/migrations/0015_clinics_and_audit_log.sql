CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_events_clinic_action_at_idx" ON "audit_events" USING btree ("clinic_id","action","at");--> statement-breakpoint
CREATE INDEX "clinics_name_idx" ON "clinics" USING btree ("name","id");