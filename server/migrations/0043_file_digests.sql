ALTER TABLE "received_files" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "received_files" ADD COLUMN "crc32" bigint;--> statement-breakpoint
ALTER TABLE "transfer_files" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "transfer_files" ADD COLUMN "crc32" bigint;