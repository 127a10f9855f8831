CREATE TABLE "transfer_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transfer_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"occurred_at" timestamp with time zone NOT NULL,
	"user_id" uuid NOT NULL,
	"transfer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"protocol" text,
	"file_id" uuid,
	"recipient_id" uuid,
	"bytes" bigint,
	"duration_ms" integer,
	"device" text DEFAULT 'unknown' NOT NULL,
	"browser" text DEFAULT 'unknown' NOT NULL,
	"country" text DEFAULT 'unknown' NOT NULL,
	"address_prefix" text,
	"address_hash" text,
	"download_key" text,
	CONSTRAINT "transfer_events_kind_check" CHECK ("transfer_events"."kind" in ('page_view', 'preview', 'download_started', 'download_completed', 'download_aborted', 'wrong_password', 'verification_sent', 'comment')),
	CONSTRAINT "transfer_events_protocol_check" CHECK ("transfer_events"."protocol" is null or "transfer_events"."protocol" in ('http', 'zip', 'sftp', 'api'))
);
--> statement-breakpoint
ALTER TABLE "transfer_events" ADD CONSTRAINT "transfer_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_events" ADD CONSTRAINT "transfer_events_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transfer_events_transfer_idx" ON "transfer_events" USING btree ("transfer_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "transfer_events_user_idx" ON "transfer_events" USING btree ("user_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "transfer_events_download_key_idx" ON "transfer_events" USING btree ("transfer_id","download_key") WHERE "transfer_events"."download_key" is not null;--> statement-breakpoint
CREATE INDEX "transfer_events_address_idx" ON "transfer_events" USING btree ("occurred_at") WHERE "transfer_events"."address_hash" is not null or "transfer_events"."address_prefix" is not null;