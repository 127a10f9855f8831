-- Issue 19 item 2: review comments. Per-file threads (optionally anchored to a PDF page, an image
-- region or a media time), their comments as plain text (notified_at: carried by the sender's digest
-- e-mail), and each reviewer's latest verdict per file.
CREATE TABLE "comment_threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transfer_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"anchor" jsonb,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thread_id" uuid NOT NULL,
	"transfer_id" uuid NOT NULL,
	"author_kind" text NOT NULL,
	"recipient_id" uuid,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "comments_author_kind_check" CHECK ("comments"."author_kind" in ('sender', 'recipient'))
);
--> statement-breakpoint
CREATE TABLE "file_reviews" (
	"file_id" uuid NOT NULL,
	"reviewer" text NOT NULL,
	"transfer_id" uuid NOT NULL,
	"author_kind" text NOT NULL,
	"author_name" text NOT NULL,
	"verdict" text NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	CONSTRAINT "file_reviews_file_id_reviewer_pk" PRIMARY KEY("file_id","reviewer"),
	CONSTRAINT "file_reviews_verdict_check" CHECK ("file_reviews"."verdict" in ('approved', 'changes_requested'))
);
--> statement-breakpoint
ALTER TABLE "comment_threads" ADD CONSTRAINT "comment_threads_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_threads" ADD CONSTRAINT "comment_threads_file_id_transfer_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."transfer_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_thread_id_comment_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."comment_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_recipient_id_transfer_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."transfer_recipients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_reviews" ADD CONSTRAINT "file_reviews_file_id_transfer_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."transfer_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_reviews" ADD CONSTRAINT "file_reviews_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_threads_file_idx" ON "comment_threads" USING btree ("file_id","created_at");--> statement-breakpoint
CREATE INDEX "comments_thread_idx" ON "comments" USING btree ("thread_id","created_at");--> statement-breakpoint
CREATE INDEX "comments_transfer_idx" ON "comments" USING btree ("transfer_id","created_at");--> statement-breakpoint
CREATE INDEX "comments_unnotified_idx" ON "comments" USING btree ("transfer_id") WHERE "comments"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "file_reviews_transfer_idx" ON "file_reviews" USING btree ("transfer_id");