CREATE TABLE "outbox_deliveries" (
	"event_id" bigint NOT NULL,
	"handler" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "outbox_deliveries_event_id_handler_pk" PRIMARY KEY("event_id","handler")
);
--> statement-breakpoint
CREATE TABLE "booking_payment_requests" (
	"key_hash" text NOT NULL,
	"appointment_id" uuid NOT NULL,
	"amount_pence" integer NOT NULL,
	"rebooked" boolean NOT NULL,
	"short_token_sealed" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "booking_payment_requests_key_hash_appointment_id_pk" PRIMARY KEY("key_hash","appointment_id")
);
--> statement-breakpoint
ALTER TABLE "outbox_events" ADD COLUMN "secrets" text;--> statement-breakpoint
ALTER TABLE "outbox_deliveries" ADD CONSTRAINT "outbox_deliveries_event_id_outbox_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."outbox_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_payment_requests" ADD CONSTRAINT "booking_payment_requests_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_deliveries_due_idx" ON "outbox_deliveries" USING btree ("next_attempt_at") WHERE "outbox_deliveries"."delivered_at" IS NULL;
--> statement-breakpoint
-- Events written before the relay existed had their e-mails sent in the request: nothing is owed for them.
UPDATE "outbox_events" SET "delivered_at" = "created_at" WHERE "delivered_at" IS NULL;
