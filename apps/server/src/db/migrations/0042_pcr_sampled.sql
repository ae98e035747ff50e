DROP INDEX "booking_users_date_sampled_idx";--> statement-breakpoint
ALTER TABLE "booking_users" ADD COLUMN "pcr_sampled" text;--> statement-breakpoint
-- PCR Tests Management lists and counts PCR people by sample time. Whether a person takes a PCR test is
-- their own test type (a self-swab kit's, in metadata) or their appointment's (`isPcrPerson`), so the
-- database keeps the answer beside the sample time: the list and its count read one index, with no join.
CREATE FUNCTION "booking_users_pcr_sampled"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.pcr_sampled := NULL;
  IF NEW.metadata ? 'date_sampled' AND (
    NEW.metadata->>'test_type' ILIKE '%pcr%'
    OR EXISTS (SELECT 1 FROM appointments a WHERE a.id = NEW.appointment_id AND a.test_type ILIKE '%pcr%')
  ) THEN
    NEW.pcr_sampled := NEW.metadata->>'date_sampled';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "booking_users_pcr_sampled" BEFORE INSERT OR UPDATE ON "booking_users" FOR EACH ROW EXECUTE FUNCTION "booking_users_pcr_sampled"();--> statement-breakpoint
-- A changed test type recomputes the appointment's people (the no-op update runs their row trigger).
CREATE FUNCTION "appointments_test_type_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE booking_users SET metadata = metadata WHERE appointment_id = NEW.id AND metadata ? 'date_sampled';
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "appointments_test_type_changed" AFTER UPDATE OF "test_type" ON "appointments" FOR EACH ROW WHEN (OLD.test_type IS DISTINCT FROM NEW.test_type) EXECUTE FUNCTION "appointments_test_type_changed"();--> statement-breakpoint
UPDATE "booking_users" SET metadata = metadata WHERE metadata ? 'date_sampled';--> statement-breakpoint
CREATE INDEX "booking_users_pcr_sampled_idx" ON "booking_users" USING btree ("pcr_sampled","id") WHERE "booking_users"."pcr_sampled" IS NOT NULL;
