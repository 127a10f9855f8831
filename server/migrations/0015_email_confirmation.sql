CREATE TABLE "email_confirmations" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"code_hash" text NOT NULL,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_confirmations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_confirmations" ADD CONSTRAINT "email_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Accounts made before email confirmation existed keep sending (grandfathered): they count as confirmed.
UPDATE "users" SET "email_confirmed_at" = now() WHERE "email_confirmed_at" IS NULL;--> statement-breakpoint
-- Security review M-2: the free plans get a finite daily transfer count (plan data, admins may change it).
UPDATE "plans" SET "max_daily_transfers" = 20 WHERE "id" IN ('guest', 'edu', 'ngo') AND "max_daily_transfers" IS NULL;
