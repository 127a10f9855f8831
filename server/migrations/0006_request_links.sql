CREATE TABLE "received_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "received_files_file_key_unique" UNIQUE("file_key")
);
--> statement-breakpoint
CREATE TABLE "received_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sender_info" text DEFAULT '' NOT NULL,
	"sender_name" text,
	"sender_email" text,
	"purge_after" timestamp with time zone,
	"files_deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "request_links" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"max_files" integer,
	"max_total_bytes" bigint,
	"allowed_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"require_sender" text DEFAULT 'none' NOT NULL,
	CONSTRAINT "request_links_require_sender_check" CHECK ("request_links"."require_sender" in ('none', 'name', 'email'))
);
--> statement-breakpoint
ALTER TABLE "received_files" ADD CONSTRAINT "received_files_group_id_received_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."received_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "received_groups" ADD CONSTRAINT "received_groups_request_id_request_links_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."request_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_links" ADD CONSTRAINT "request_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "received_files_group_id_idx" ON "received_files" USING btree ("group_id","position");--> statement-breakpoint
CREATE INDEX "received_groups_request_id_idx" ON "received_groups" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "received_groups_purge_idx" ON "received_groups" USING btree ("purge_after") WHERE "received_groups"."files_deleted_at" is null;--> statement-breakpoint
CREATE INDEX "request_links_user_id_created_at_idx" ON "request_links" USING btree ("user_id","created_at");