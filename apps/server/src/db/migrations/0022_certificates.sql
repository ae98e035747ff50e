CREATE TABLE "certificate_signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key_sealed" text,
	"active" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"appointment_id" uuid NOT NULL,
	"booking_user_id" uuid NOT NULL,
	"organisation_id" uuid,
	"issued_by_user_id" uuid,
	"kind" text NOT NULL,
	"facts" jsonb NOT NULL,
	"kid" text NOT NULL,
	"status" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"replaced_by" uuid,
	"pdf_key" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_booking_user_id_booking_users_id_fk" FOREIGN KEY ("booking_user_id") REFERENCES "public"."booking_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_issued_by_user_id_users_id_fk" FOREIGN KEY ("issued_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_kid_certificate_signing_keys_kid_fk" FOREIGN KEY ("kid") REFERENCES "public"."certificate_signing_keys"("kid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_replaced_by_certificates_id_fk" FOREIGN KEY ("replaced_by") REFERENCES "public"."certificates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_signing_keys_one_active" ON "certificate_signing_keys" USING btree ("active") WHERE "certificate_signing_keys"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_number_key" ON "certificates" USING btree ("number");--> statement-breakpoint
CREATE INDEX "certificates_appointment_idx" ON "certificates" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "certificates_booking_user_idx" ON "certificates" USING btree ("booking_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_one_valid_per_person" ON "certificates" USING btree ("booking_user_id") WHERE "certificates"."status" = 'valid';