CREATE TABLE "result_upload_certificates" (
	"certificate_id" uuid PRIMARY KEY NOT NULL,
	"upload_id" uuid NOT NULL,
	"booking_user_id" uuid NOT NULL,
	"content" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "result_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"uploaded_by_user_id" uuid,
	"template" text NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"row_count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "result_upload_certificates" ADD CONSTRAINT "result_upload_certificates_upload_id_result_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."result_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_upload_certificates" ADD CONSTRAINT "result_upload_certificates_booking_user_id_booking_users_id_fk" FOREIGN KEY ("booking_user_id") REFERENCES "public"."booking_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_uploads" ADD CONSTRAINT "result_uploads_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_uploads" ADD CONSTRAINT "result_uploads_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "result_upload_certificates_upload_idx" ON "result_upload_certificates" USING btree ("upload_id");