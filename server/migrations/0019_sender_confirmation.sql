-- Issue 18 item 7: verified senders on plans with requires_otp. Codes are kept only as HMACs;
-- confirmed browsers and sessions only as SHA-256 hashes of their token or token id.
CREATE TABLE "sender_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"code_hmac" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sender_confirmations" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sender_confirmations_kind_check" CHECK ("sender_confirmations"."kind" in ('browser', 'session'))
);
--> statement-breakpoint
ALTER TABLE "sender_codes" ADD CONSTRAINT "sender_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_confirmations" ADD CONSTRAINT "sender_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sender_codes_user_id_idx" ON "sender_codes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "sender_codes_email_idx" ON "sender_codes" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "sender_confirmations_user_id_idx" ON "sender_confirmations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sender_confirmations_expires_at_idx" ON "sender_confirmations" USING btree ("expires_at");