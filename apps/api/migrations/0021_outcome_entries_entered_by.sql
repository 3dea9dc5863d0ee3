-- Who filled in an outcome entry: every entry so far was made by staff; only a patient's own entries make a data day
-- (decision 1200).
ALTER TABLE "functional_entries" ADD COLUMN "entered_by" text DEFAULT 'staff' NOT NULL;
