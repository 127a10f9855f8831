CREATE TABLE "two_factor_policy" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"grace_days" integer DEFAULT 14 NOT NULL,
	"required_since" timestamp with time zone,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "two_factor_policy_one_row" CHECK ("two_factor_policy"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "two_factor_policy" ADD CONSTRAINT "two_factor_policy_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;