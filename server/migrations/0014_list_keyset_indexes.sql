DROP INDEX "referrals_inviter_idx";--> statement-breakpoint
DROP INDEX "request_links_user_id_created_at_idx";--> statement-breakpoint
DROP INDEX "transfers_user_id_created_at_idx";--> statement-breakpoint
CREATE INDEX "transfers_created_at_id_idx" ON "transfers" USING btree ("created_at","id") WHERE "transfers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "referrals_inviter_idx" ON "referrals" USING btree ("inviter_user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "request_links_user_id_created_at_idx" ON "request_links" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "transfers_user_id_created_at_idx" ON "transfers" USING btree ("user_id","created_at","id");