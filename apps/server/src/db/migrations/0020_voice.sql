CREATE TABLE "voice_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"booking_user_id" uuid NOT NULL,
	"caller_user_id" uuid NOT NULL,
	"callee_user_id" uuid,
	"via" text DEFAULT 'app' NOT NULL,
	"provider_call_id" text,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_by" uuid
);
--> statement-breakpoint
CREATE TABLE "voice_devices" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"identity" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "voice_calls" ADD CONSTRAINT "voice_calls_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_calls" ADD CONSTRAINT "voice_calls_booking_user_id_booking_users_id_fk" FOREIGN KEY ("booking_user_id") REFERENCES "public"."booking_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_calls" ADD CONSTRAINT "voice_calls_caller_user_id_users_id_fk" FOREIGN KEY ("caller_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_calls" ADD CONSTRAINT "voice_calls_callee_user_id_users_id_fk" FOREIGN KEY ("callee_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_calls" ADD CONSTRAINT "voice_calls_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_devices" ADD CONSTRAINT "voice_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voice_calls_caller_status_idx" ON "voice_calls" USING btree ("caller_user_id","status");--> statement-breakpoint
CREATE INDEX "voice_calls_status_created_idx" ON "voice_calls" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "voice_calls_booking_user_idx" ON "voice_calls" USING btree ("booking_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "voice_calls_provider_call_idx" ON "voice_calls" USING btree ("provider_call_id");--> statement-breakpoint
CREATE INDEX "voice_devices_expiry_idx" ON "voice_devices" USING btree ("expires_at");