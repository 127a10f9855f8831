-- The daily roll-up of the event log (decision 0025): the panel reads whole UTC days from it.
-- (drizzle-kit does not write INCLUDE; the schema names the same keys and index without it: the
-- panel reads both tables index-only.)
CREATE TABLE "transfer_event_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"transfer_id" uuid NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"device" text DEFAULT '' NOT NULL,
	"browser" text DEFAULT '' NOT NULL,
	"completed" integer NOT NULL,
	"bytes" bigint NOT NULL,
	CONSTRAINT "transfer_event_days_user_id_dimension_day_transfer_id_country_device_browser_pk" PRIMARY KEY("user_id","dimension","day","transfer_id","country","device","browser") INCLUDE ("completed","bytes"),
	CONSTRAINT "transfer_event_days_dimension_check" CHECK ("transfer_event_days"."dimension" in ('transfer', 'country', 'device'))
);
--> statement-breakpoint
CREATE TABLE "transfer_event_recipient_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"recipient_id" uuid NOT NULL,
	"transfer_id" uuid NOT NULL,
	"previous_day" date,
	CONSTRAINT "transfer_event_recipient_days_day_user_id_recipient_id_pk" PRIMARY KEY("day","user_id","recipient_id")
);
--> statement-breakpoint
CREATE TABLE "transfer_event_rollup" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"rolled_until" date,
	CONSTRAINT "transfer_event_rollup_single_row" CHECK ("transfer_event_rollup"."id")
);
--> statement-breakpoint
ALTER TABLE "transfer_event_days" ADD CONSTRAINT "transfer_event_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_event_days" ADD CONSTRAINT "transfer_event_days_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_event_recipient_days" ADD CONSTRAINT "transfer_event_recipient_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_event_recipient_days" ADD CONSTRAINT "transfer_event_recipient_days_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transfer_event_days_transfer_idx" ON "transfer_event_days" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "transfer_event_days_day_idx" ON "transfer_event_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "transfer_event_recipient_days_user_idx" ON "transfer_event_recipient_days" USING btree ("user_id","day") INCLUDE ("previous_day");--> statement-breakpoint
CREATE INDEX "transfer_event_recipient_days_recipient_idx" ON "transfer_event_recipient_days" USING btree ("user_id","recipient_id","day");--> statement-breakpoint
CREATE INDEX "transfer_event_recipient_days_transfer_idx" ON "transfer_event_recipient_days" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "transfer_events_occurred_brin_idx" ON "transfer_events" USING brin ("occurred_at");--> statement-breakpoint
INSERT INTO "transfer_event_rollup" ("id", "rolled_until") VALUES (true, null);
