ALTER TABLE "received_files" ADD COLUMN "scan_status" text;--> statement-breakpoint
ALTER TABLE "received_files" ADD COLUMN "scan_signature" text;--> statement-breakpoint
ALTER TABLE "transfer_files" ADD COLUMN "scan_status" text;--> statement-breakpoint
ALTER TABLE "transfer_files" ADD COLUMN "scan_signature" text;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "scan_hold" text;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "scan_notify_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "received_files" ADD CONSTRAINT "received_files_scan_status_check" CHECK ("received_files"."scan_status" in ('pending', 'clean', 'infected', 'not_scanned'));--> statement-breakpoint
ALTER TABLE "transfer_files" ADD CONSTRAINT "transfer_files_scan_status_check" CHECK ("transfer_files"."scan_status" in ('pending', 'clean', 'infected', 'not_scanned'));--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_scan_hold_check" CHECK ("transfers"."scan_hold" in ('scanning', 'frozen'));