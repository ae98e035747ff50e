CREATE TABLE "dropbox_opening_times" (
	"dropbox_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"start_hour" text NOT NULL,
	"end_hour" text NOT NULL,
	CONSTRAINT "dropbox_opening_times_dropbox_id_weekday_pk" PRIMARY KEY("dropbox_id","weekday"),
	CONSTRAINT "dropbox_opening_times_weekday_check" CHECK ("dropbox_opening_times"."weekday" BETWEEN 1 AND 7),
	CONSTRAINT "dropbox_opening_times_hours_check" CHECK ("dropbox_opening_times"."start_hour" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND "dropbox_opening_times"."end_hour" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND "dropbox_opening_times"."end_hour" > "dropbox_opening_times"."start_hour")
);
--> statement-breakpoint
CREATE TABLE "dropboxes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"name" text NOT NULL,
	"address_1" text NOT NULL,
	"address_2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"county" text NOT NULL,
	"postcode" text NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"type" text DEFAULT '' NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"short_token" text NOT NULL,
	"kit_id" text NOT NULL,
	"dropbox_id" uuid NOT NULL,
	"expected_dropoff_date" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dropbox_opening_times" ADD CONSTRAINT "dropbox_opening_times_dropbox_id_dropboxes_id_fk" FOREIGN KEY ("dropbox_id") REFERENCES "public"."dropboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_dropbox_id_dropboxes_id_fk" FOREIGN KEY ("dropbox_id") REFERENCES "public"."dropboxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dropboxes_name_idx" ON "dropboxes" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_kit_id_key" ON "receipts" USING btree ("kit_id");--> statement-breakpoint
CREATE INDEX "receipts_dropbox_date_idx" ON "receipts" USING btree ("dropbox_id","expected_dropoff_date");--> statement-breakpoint
CREATE INDEX "receipts_order_idx" ON "receipts" USING btree ("order_id");