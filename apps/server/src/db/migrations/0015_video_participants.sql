CREATE TABLE "video_participants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"connection_id" text,
	"joined_at" timestamp with time zone,
	"seen_at" timestamp with time zone,
	"left_at" timestamp with time zone,
	CONSTRAINT "video_participants_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "video_participants" ADD CONSTRAINT "video_participants_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_participants" ADD CONSTRAINT "video_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_participants_appointment_idx" ON "video_participants" USING btree ("appointment_id","role");--> statement-breakpoint
CREATE INDEX "video_participants_left_idx" ON "video_participants" USING btree ("left_at");