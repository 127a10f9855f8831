CREATE TABLE "pending_uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"request_id" text,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"declared_size" bigint,
	"max_bytes" bigint,
	"upload_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pending_uploads_status_check" CHECK ("pending_uploads"."status" in ('pending', 'uploaded', 'claimed'))
);
--> statement-breakpoint
ALTER TABLE "pending_uploads" ADD CONSTRAINT "pending_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_uploads_expires_at_idx" ON "pending_uploads" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "pending_uploads_user_id_idx" ON "pending_uploads" USING btree ("user_id");