CREATE TABLE "appointment_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"booking_user_id" uuid,
	"kind" text NOT NULL,
	"file_key" text NOT NULL,
	"content_type" text NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointment_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"content" text NOT NULL,
	"author_user_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointment_status_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "appointment_status_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"appointment_id" uuid NOT NULL,
	"changed_to" text NOT NULL,
	"actor_user_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"test_type" text DEFAULT 'Antigen' NOT NULL,
	"status" text,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"status_last_updated" timestamp with time zone NOT NULL,
	"language" text DEFAULT 'EN' NOT NULL,
	"tz_location" text DEFAULT 'Europe/London' NOT NULL,
	"offered_services" text[] DEFAULT '{}'::text[] NOT NULL,
	"offered_languages" text[] DEFAULT '{EN}'::text[] NOT NULL,
	"shift_id" uuid,
	"practitioner_user_id" uuid,
	"claimable_slot" boolean DEFAULT false NOT NULL,
	"testing_kit_id" text,
	"user_video_token" text,
	"provider_booking_reference" text,
	"paid" boolean DEFAULT false NOT NULL,
	"amount_pence" integer DEFAULT 0 NOT NULL,
	"booker_user_id" uuid,
	"short_token_hash" text,
	"toc_accept" boolean DEFAULT false NOT NULL,
	"marketing_accept" boolean DEFAULT false NOT NULL,
	"flight_details" jsonb,
	"hold_token_hash" text,
	"hold_expires_at" timestamp with time zone,
	"rebookable" boolean DEFAULT false NOT NULL,
	"rebooked_from_id" uuid,
	"alternative_video_room" text,
	"video_room" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"amount_pence" integer NOT NULL,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"gateway" text NOT NULL,
	"gateway_reference" text NOT NULL,
	"card_last4" text,
	"payer_email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"date_of_birth" bigint NOT NULL,
	"sex" text,
	"ethnicity" text,
	"street_address" text,
	"extended_address" text,
	"locality" text,
	"region" text,
	"country" text,
	"postal_code" text,
	"language" text,
	"tz_location" text,
	"toc_accept" boolean DEFAULT false NOT NULL,
	"bundle_id" text,
	"product_id" text,
	"kit_id" text,
	"selected_kit" text,
	"vaccine_information" jsonb,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practitioner_presence" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_online" timestamp with time zone,
	"last_attended_appointment_id" uuid
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"practitioner_user_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"services" text[] NOT NULL,
	"languages" text[] NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shifts_time_order" CHECK ("shifts"."end_time" > "shifts"."start_time")
);
--> statement-breakpoint
ALTER TABLE "appointment_files" ADD CONSTRAINT "appointment_files_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_files" ADD CONSTRAINT "appointment_files_booking_user_id_booking_users_id_fk" FOREIGN KEY ("booking_user_id") REFERENCES "public"."booking_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_files" ADD CONSTRAINT "appointment_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_notes" ADD CONSTRAINT "appointment_notes_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_notes" ADD CONSTRAINT "appointment_notes_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_status_changes" ADD CONSTRAINT "appointment_status_changes_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_practitioner_user_id_users_id_fk" FOREIGN KEY ("practitioner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_booker_user_id_users_id_fk" FOREIGN KEY ("booker_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD CONSTRAINT "booking_payments_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_users" ADD CONSTRAINT "booking_users_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practitioner_presence" ADD CONSTRAINT "practitioner_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_practitioner_user_id_users_id_fk" FOREIGN KEY ("practitioner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_files_appointment_idx" ON "appointment_files" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "appointment_notes_appointment_idx" ON "appointment_notes" USING btree ("appointment_id","created_at");--> statement-breakpoint
CREATE INDEX "appointment_status_changes_appointment_idx" ON "appointment_status_changes" USING btree ("appointment_id","id");--> statement-breakpoint
CREATE INDEX "appointments_status_start_idx" ON "appointments" USING btree ("status","start_time");--> statement-breakpoint
CREATE INDEX "appointments_practitioner_start_idx" ON "appointments" USING btree ("practitioner_user_id","start_time");--> statement-breakpoint
CREATE INDEX "appointments_booker_idx" ON "appointments" USING btree ("booker_user_id");--> statement-breakpoint
CREATE INDEX "appointments_short_token_idx" ON "appointments" USING btree ("short_token_hash");--> statement-breakpoint
CREATE INDEX "appointments_shift_idx" ON "appointments" USING btree ("shift_id");--> statement-breakpoint
CREATE INDEX "appointments_hold_expiry_idx" ON "appointments" USING btree ("hold_expires_at");--> statement-breakpoint
CREATE INDEX "booking_payments_appointment_idx" ON "booking_payments" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "booking_users_appointment_idx" ON "booking_users" USING btree ("appointment_id","position");--> statement-breakpoint
CREATE INDEX "shifts_practitioner_time_idx" ON "shifts" USING btree ("practitioner_user_id","start_time");