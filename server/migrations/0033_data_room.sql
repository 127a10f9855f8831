CREATE TABLE "data_room_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_room_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transfer_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"action" text NOT NULL,
	"recipient_id" uuid NOT NULL,
	"email" text NOT NULL,
	"file_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"page" integer,
	"view_id" text,
	"duration_ms" integer,
	CONSTRAINT "data_room_log_action_check" CHECK ("data_room_log"."action" in ('page', 'pdf', 'seen'))
);
--> statement-breakpoint
CREATE TABLE "data_room_views" (
	"id" text PRIMARY KEY NOT NULL,
	"transfer_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transfer_files" ADD COLUMN "room_status" text;--> statement-breakpoint
ALTER TABLE "transfer_files" ADD COLUMN "room_pages" integer;--> statement-breakpoint
ALTER TABLE "transfer_files" ADD COLUMN "room_page_width" integer;--> statement-breakpoint
ALTER TABLE "transfer_files" ADD COLUMN "room_page_height" integer;--> statement-breakpoint
ALTER TABLE "transfer_files" ADD COLUMN "room_pdf_key" text;--> statement-breakpoint
ALTER TABLE "transfer_recipients" ADD COLUMN "room_revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "clean_data_room" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "data_room_pdf_download" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "data_room_log" ADD CONSTRAINT "data_room_log_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_room_views" ADD CONSTRAINT "data_room_views_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_room_views" ADD CONSTRAINT "data_room_views_file_id_transfer_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."transfer_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_room_views" ADD CONSTRAINT "data_room_views_recipient_id_transfer_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."transfer_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_room_log_transfer_idx" ON "data_room_log" USING btree ("transfer_id","id");--> statement-breakpoint
CREATE INDEX "data_room_log_view_idx" ON "data_room_log" USING btree ("view_id","page","id");--> statement-breakpoint
CREATE INDEX "data_room_views_transfer_idx" ON "data_room_views" USING btree ("transfer_id");--> statement-breakpoint
ALTER TABLE "transfer_files" ADD CONSTRAINT "transfer_files_room_status_check" CHECK ("transfer_files"."room_status" in ('pending', 'ready', 'unsupported'));--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_data_room_access_check" CHECK (not "transfers"."clean_data_room" or "transfers"."access" = 'recipients');--> statement-breakpoint
-- Issue 19 item 3, the clean data room. Its log is append-only: no UPDATE, ever (docs/decisions/0022).
-- A DELETE happens only by cascade when the transfer row itself goes (account erasure).
CREATE FUNCTION "data_room_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'data_room_log is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "data_room_log_no_update" BEFORE UPDATE ON "data_room_log" FOR EACH ROW EXECUTE FUNCTION "data_room_log_append_only"();
