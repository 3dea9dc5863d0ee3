-- A video's title and instructions in Spanish, shown to patients who read Spanish; empty when not translated
-- (decision 1231).
ALTER TABLE "videos" ADD COLUMN "title_es" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "description_es" text DEFAULT '' NOT NULL;
