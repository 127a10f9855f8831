CREATE TABLE "promotion_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"link_url" text NOT NULL,
	"alt" text NOT NULL,
	"language" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"image_key" text NOT NULL,
	"image_width" integer NOT NULL,
	"image_height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_campaigns_language_check" CHECK ("promotion_campaigns"."language" in ('en', 'es', 'any')),
	CONSTRAINT "promotion_campaigns_window_check" CHECK ("promotion_campaigns"."ends_at" > "promotion_campaigns"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "promotion_daily_stats" (
	"campaign_id" uuid NOT NULL,
	"day" date NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "promotion_daily_stats_campaign_id_day_pk" PRIMARY KEY("campaign_id","day")
);
--> statement-breakpoint
ALTER TABLE "promotion_daily_stats" ADD CONSTRAINT "promotion_daily_stats_campaign_id_promotion_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."promotion_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotion_campaigns_window_idx" ON "promotion_campaigns" USING btree ("active","starts_at","ends_at");