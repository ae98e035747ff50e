ALTER TABLE "appointments" ADD COLUMN "short_token_sealed" text;--> statement-breakpoint
CREATE INDEX "appointments_rebooked_from_idx" ON "appointments" USING btree ("rebooked_from_id");