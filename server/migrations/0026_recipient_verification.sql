CREATE TABLE "recipient_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_id" uuid NOT NULL,
	"code_hmac" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "access" text DEFAULT 'link' NOT NULL;--> statement-breakpoint
ALTER TABLE "recipient_codes" ADD CONSTRAINT "recipient_codes_recipient_id_transfer_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."transfer_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recipient_codes_recipient_id_idx" ON "recipient_codes" USING btree ("recipient_id","created_at");--> statement-breakpoint
CREATE INDEX "recipient_codes_created_at_idx" ON "recipient_codes" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_access_check" CHECK ("transfers"."access" in ('link', 'recipients'));