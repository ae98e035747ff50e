ALTER TABLE "receipts" ADD COLUMN "collected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "collected_by" uuid;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "collected_dropbox_id" uuid;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "missed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_collected_by_users_id_fk" FOREIGN KEY ("collected_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_collected_dropbox_id_dropboxes_id_fk" FOREIGN KEY ("collected_dropbox_id") REFERENCES "public"."dropboxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receipts_awaiting_idx" ON "receipts" USING btree ("expected_dropoff_date") WHERE "receipts"."collected_at" IS NULL AND "receipts"."missed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "receipts_date_dropbox_idx" ON "receipts" USING btree ("expected_dropoff_date","dropbox_id","collected_at");