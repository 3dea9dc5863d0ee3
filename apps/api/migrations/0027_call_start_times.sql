-- A logged call has a start instant, so one clinician's calls can be checked against the clock (decision 1280).
ALTER TABLE "interaction_logs" ADD COLUMN "started_at" timestamp with time zone;
--> statement-breakpoint
-- Calls logged before start times were asked are placed at noon of their day on the clinic's clocks: the day any
-- reading of it gives back is the call's date, and no call of up to 240 minutes runs past midnight. Every row gets
-- one (noon UTC should a row's clinic be gone), so the column can be required.
UPDATE "interaction_logs" AS l
SET "started_at" = (l."date" + time '12:00')
  AT TIME ZONE COALESCE((SELECT c."timezone" FROM "clinics" AS c WHERE c."id" = l."clinic_id"), 'UTC');
--> statement-breakpoint
ALTER TABLE "interaction_logs" ALTER COLUMN "started_at" SET NOT NULL;
--> statement-breakpoint
CREATE INDEX "interaction_logs_creator_start_idx" ON "interaction_logs" USING btree ("created_by","started_at");
