DROP INDEX "appointments_status_start_idx";--> statement-breakpoint
DROP INDEX "appointments_practitioner_start_idx";--> statement-breakpoint
CREATE INDEX "appointments_status_start_idx" ON "appointments" USING btree ("status","start_time","id","end_time");--> statement-breakpoint
CREATE INDEX "appointments_practitioner_start_idx" ON "appointments" USING btree ("practitioner_user_id","start_time","id","status","end_time");