-- The account panel reads the event log index-only (bench/analytics.ts): the account's index carries
-- kind, recipient and bytes, and completed downloads have their own index with what they are counted by.
-- (drizzle-kit does not write INCLUDE; the schema names the same indexes without it.)
DROP INDEX IF EXISTS "transfer_events_user_idx";--> statement-breakpoint
CREATE INDEX "transfer_events_user_idx" ON "transfer_events" USING btree ("user_id","occurred_at","id") INCLUDE ("kind","recipient_id","bytes");--> statement-breakpoint
CREATE INDEX "transfer_events_completed_idx" ON "transfer_events" USING btree ("user_id","occurred_at") INCLUDE ("transfer_id","bytes","country","device","browser") WHERE "transfer_events"."kind" = 'download_completed';
