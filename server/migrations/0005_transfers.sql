CREATE TABLE "file_downloads" (
	"recipient_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_downloads_recipient_id_file_id_pk" PRIMARY KEY("recipient_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "transfer_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transfer_id" uuid NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "transfer_files_file_key_unique" UNIQUE("file_key")
);
--> statement-breakpoint
CREATE TABLE "transfer_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transfer_id" uuid NOT NULL,
	"email" text NOT NULL,
	"tracking_id" text NOT NULL,
	"position" integer NOT NULL,
	"first_accessed_at" timestamp with time zone,
	CONSTRAINT "transfer_recipients_tracking_id_unique" UNIQUE("tracking_id"),
	CONSTRAINT "transfer_recipients_transfer_email_key" UNIQUE("transfer_id","email")
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"unique_id" text NOT NULL,
	"user_id" uuid,
	"title" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"total_size" bigint NOT NULL,
	"download_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"purge_after" timestamp with time zone NOT NULL,
	"files_deleted_at" timestamp with time zone,
	"recovery_session_id" text,
	"recovered_at" timestamp with time zone,
	CONSTRAINT "transfers_unique_id_unique" UNIQUE("unique_id"),
	CONSTRAINT "transfers_total_size_check" CHECK ("transfers"."total_size" >= 0)
);
--> statement-breakpoint
ALTER TABLE "file_downloads" ADD CONSTRAINT "file_downloads_recipient_id_transfer_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."transfer_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_downloads" ADD CONSTRAINT "file_downloads_file_id_transfer_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."transfer_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_files" ADD CONSTRAINT "transfer_files_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_recipients" ADD CONSTRAINT "transfer_recipients_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transfer_files_transfer_id_idx" ON "transfer_files" USING btree ("transfer_id","position");--> statement-breakpoint
CREATE INDEX "transfers_user_id_created_at_idx" ON "transfers" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "transfers_purge_idx" ON "transfers" USING btree ("purge_after") WHERE "transfers"."files_deleted_at" is null;