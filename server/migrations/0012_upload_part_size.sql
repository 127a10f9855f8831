ALTER TABLE "pending_uploads" ADD COLUMN "part_size" bigint;--> statement-breakpoint
CREATE INDEX "pending_uploads_request_id_idx" ON "pending_uploads" USING btree ("request_id");