-- Issue 18 item 2: a download limit (1 to 100 completed downloads) and burn after every recipient
-- downloaded. download_slots holds the downloads of a limited transfer in flight (a lease each), so
-- concurrent downloads never go past the limit; spent_at marks a transfer whose limit was reached.
CREATE TABLE "download_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transfer_id" uuid NOT NULL,
	"held_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "max_downloads" integer;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "burn_after_download" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "spent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "download_slots" ADD CONSTRAINT "download_slots_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "download_slots_transfer_id_idx" ON "download_slots" USING btree ("transfer_id");--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_max_downloads_check" CHECK ("transfers"."max_downloads" between 1 and 100);