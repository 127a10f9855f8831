ALTER TABLE "request_links" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "request_links" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "request_links" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "request_links" ADD COLUMN "single_upload" boolean DEFAULT false NOT NULL;