CREATE TABLE "direct_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"sender_user_id" uuid,
	"recipient_user_id" uuid,
	"sender_name" text NOT NULL,
	"recipient_name" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"mime_type" text NOT NULL,
	"status" text DEFAULT 'initiated' NOT NULL,
	"transfer_speed" double precision,
	"sha256" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "direct_transfers_file_size_check" CHECK ("direct_transfers"."file_size" >= 0),
	CONSTRAINT "direct_transfers_status_check" CHECK ("direct_transfers"."status" in ('initiated', 'accepted', 'completed', 'rejected', 'canceled', 'error'))
);
--> statement-breakpoint
CREATE TABLE "room_participants" (
	"room_id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	"user_id" uuid,
	"display_name" text NOT NULL,
	"is_host" boolean DEFAULT false NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_participants_room_id_participant_id_pk" PRIMARY KEY("room_id","participant_id")
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"host_user_id" uuid,
	"host_participant_id" uuid NOT NULL,
	"max_participants" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rooms_max_participants_check" CHECK ("rooms"."max_participants" >= 2)
);
--> statement-breakpoint
ALTER TABLE "direct_transfers" ADD CONSTRAINT "direct_transfers_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_transfers" ADD CONSTRAINT "direct_transfers_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_transfers" ADD CONSTRAINT "direct_transfers_recipient_user_id_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_participants" ADD CONSTRAINT "room_participants_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_participants" ADD CONSTRAINT "room_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_host_user_id_users_id_fk" FOREIGN KEY ("host_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "direct_transfers_sender_user_idx" ON "direct_transfers" USING btree ("sender_user_id","created_at");--> statement-breakpoint
CREATE INDEX "direct_transfers_recipient_user_idx" ON "direct_transfers" USING btree ("recipient_user_id","created_at");--> statement-breakpoint
CREATE INDEX "direct_transfers_room_idx" ON "direct_transfers" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "room_participants_user_id_idx" ON "room_participants" USING btree ("user_id");