CREATE TABLE "sso_connections" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"email_domain" text NOT NULL,
	"domain_token" text NOT NULL,
	"domain_verified_at" timestamp with time zone,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_sealed" text NOT NULL,
	"groups_claim" text DEFAULT 'groups' NOT NULL,
	"role_mapping" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sso_required" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_connections_email_domain_unique" UNIQUE("email_domain")
);
--> statement-breakpoint
CREATE TABLE "sso_flows" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"connection" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"language" text,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sso_flows_connection_check" CHECK (length("sso_flows"."connection") > 0)
);
--> statement-breakpoint
CREATE TABLE "sso_identities" (
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_identities_issuer_subject_pk" PRIMARY KEY("issuer","subject")
);
--> statement-breakpoint
ALTER TABLE "sso_connections" ADD CONSTRAINT "sso_connections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_identities" ADD CONSTRAINT "sso_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_flows_expires_idx" ON "sso_flows" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sso_identities_user_idx" ON "sso_identities" USING btree ("user_id");