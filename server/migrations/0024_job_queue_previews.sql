-- Issue 19. The job queue (docs/decisions/0016): durable work done once somewhere in the cluster,
-- taken with FOR UPDATE SKIP LOCKED under a lease, retried with back-off, dead after max_attempts.
-- Previews: the type read from a file's content and the blob keys of its derivatives. And one
-- source for the preview flag: plans had both document_preview and max_document_features.preview;
-- the column keeps either being on, and the duplicate key leaves the JSON (the API still shows it,
-- read from the column).
CREATE TABLE "queued_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"dedupe_key" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"lease_holder" text,
	"lease_expires_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "queued_jobs_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "queued_jobs_state_check" CHECK ("queued_jobs"."state" in ('queued', 'running', 'dead')),
	CONSTRAINT "queued_jobs_attempts_check" CHECK ("queued_jobs"."attempts" >= 0 and "queued_jobs"."max_attempts" >= 1)
);
--> statement-breakpoint
ALTER TABLE "plans" ALTER COLUMN "max_document_features" SET DEFAULT '{"comments":false,"clean_data_room":false}'::jsonb;--> statement-breakpoint
ALTER TABLE "transfer_files" ADD COLUMN "media_type" text;--> statement-breakpoint
ALTER TABLE "transfer_files" ADD COLUMN "thumbnail_key" text;--> statement-breakpoint
ALTER TABLE "transfer_files" ADD COLUMN "preview_key" text;--> statement-breakpoint
CREATE INDEX "queued_jobs_due_idx" ON "queued_jobs" USING btree ("state","run_at");--> statement-breakpoint
UPDATE "plans" SET "document_preview" = "document_preview" OR coalesce(("max_document_features"->>'preview')::boolean, false);--> statement-breakpoint
UPDATE "plans" SET "max_document_features" = "max_document_features" - 'preview';
