ALTER TABLE "hep_requests" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "hep_requests" ADD COLUMN "answer" text;--> statement-breakpoint
ALTER TABLE "hep_requests" ADD COLUMN "answered_by" integer;--> statement-breakpoint
ALTER TABLE "hep_requests" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hep_requests" ADD COLUMN "answer_video_id" integer;--> statement-breakpoint
ALTER TABLE "hep_requests" ADD CONSTRAINT "hep_requests_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hep_requests" ADD CONSTRAINT "hep_requests_answer_video_id_videos_id_fk" FOREIGN KEY ("answer_video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hep_requests_status_created_idx" ON "hep_requests" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "hep_requests_requester_created_idx" ON "hep_requests" USING btree ("requested_by","created_at","id");