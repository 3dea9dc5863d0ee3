-- A closed month keeps the figures its billing file was made from, and when (decision 1285): every screen of a
-- closed month shows them, and what changed in the month's inputs after that time is a post-close correction.
-- Months closed before this change have none; they answer as before.
ALTER TABLE "billing_month_closes" ADD COLUMN "figures" jsonb;
--> statement-breakpoint
ALTER TABLE "billing_month_closes" ADD COLUMN "filed_at" timestamp with time zone;
