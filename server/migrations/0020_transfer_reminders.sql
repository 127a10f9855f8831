-- Issue 18 item 6: one reminder to recipients who have not downloaded, 24 hours before expiry
-- (the sender may turn it off), and one notice to the sender when a transfer expires that a
-- recipient never downloaded. Transfers already expired are marked done, so nothing old is sent.
ALTER TABLE "transfers" ADD COLUMN "reminders_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "expiry_notice_sent_at" timestamp with time zone;--> statement-breakpoint
UPDATE "transfers" SET "reminder_sent_at" = now(), "expiry_notice_sent_at" = now() WHERE "expires_at" <= now();
