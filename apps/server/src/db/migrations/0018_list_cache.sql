CREATE INDEX "appointments_end_idx" ON "appointments" USING btree ("end_time");--> statement-breakpoint
-- Every change to what the staff lists show (appointments, their people, practitioners' names) tells every
-- server process at commit, whoever made it: their cached list pages are then stale (platform/page-cache.ts).
CREATE FUNCTION "vireo_tables_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vireo_tables', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "appointments_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "appointments" FOR EACH STATEMENT EXECUTE FUNCTION "vireo_tables_changed"();--> statement-breakpoint
CREATE TRIGGER "booking_users_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "booking_users" FOR EACH STATEMENT EXECUTE FUNCTION "vireo_tables_changed"();--> statement-breakpoint
CREATE TRIGGER "users_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "vireo_tables_changed"();
