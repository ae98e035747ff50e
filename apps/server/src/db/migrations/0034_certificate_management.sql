ALTER TABLE "certificates" ADD COLUMN "holder_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "document_number" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "booking_users_kit_id_idx" ON "booking_users" USING btree ("kit_id") WHERE "booking_users"."kit_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "booking_users_date_sampled_idx" ON "booking_users" USING btree (("metadata"->>'date_sampled')) WHERE "booking_users"."metadata" ? 'date_sampled';--> statement-breakpoint
CREATE INDEX "certificates_issued_at_idx" ON "certificates" USING btree ("issued_at","id");--> statement-breakpoint
-- hand-written: the certificates issued before this migration get their holder's name from their signed facts, and their e-mail and document number from their person.
UPDATE "certificates" SET "holder_name" = concat_ws(' ', "facts"->'nam'->>'gn', "facts"->'nam'->>'fn');--> statement-breakpoint
UPDATE "certificates" c SET "email" = lower(coalesce(nullif(b."metadata"->>'email', ''), b."email")), "document_number" = nullif(b."metadata"->>'passport_number', '') FROM "booking_users" b WHERE b."id" = c."booking_user_id";
