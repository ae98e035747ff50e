ALTER TABLE "audit_events" ADD COLUMN "actor_kind" text;--> statement-breakpoint
UPDATE "audit_events" SET "actor_kind" = CASE WHEN "actor_user_id" IS NOT NULL THEN 'user' WHEN "actor_role" = 'customer_link' THEN 'short_token' WHEN "ip" IS NOT NULL THEN 'anonymous' ELSE 'system' END;--> statement-breakpoint
UPDATE "audit_events" SET "actor_role" = NULL WHERE "actor_role" = 'customer_link';--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "actor_kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "window_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "read_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_read_window_key" ON "audit_events" USING btree ("actor_user_id","resource_type","resource_id","window_start") WHERE "audit_events"."window_start" IS NOT NULL;