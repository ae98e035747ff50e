CREATE TABLE "order_dispatches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"kit_id" text NOT NULL,
	"tracking_reference" text NOT NULL,
	"dispatched_by" uuid,
	"dispatched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_dispatches_kit_id_upper" CHECK ("order_dispatches"."kit_id" = upper("order_dispatches"."kit_id"))
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"bundle_id" text,
	"title" text NOT NULL,
	"sku" text NOT NULL,
	"type" text NOT NULL,
	"bookable" boolean NOT NULL,
	"shippable" boolean NOT NULL,
	"discount_exempt" boolean NOT NULL,
	"vat_exempt" boolean NOT NULL,
	"unit_price_pence" integer NOT NULL,
	"quantity" integer NOT NULL,
	"fulfilled" integer DEFAULT 0 NOT NULL,
	"amount_pence" integer NOT NULL,
	"discount_pence" integer DEFAULT 0 NOT NULL,
	"vat_pence" integer NOT NULL,
	CONSTRAINT "order_items_counts_check" CHECK ("order_items"."quantity" >= 0 AND "order_items"."fulfilled" >= 0 AND "order_items"."fulfilled" <= "order_items"."quantity")
);
--> statement-breakpoint
CREATE TABLE "order_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"note" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"currency" text NOT NULL,
	"gateway" text NOT NULL,
	"gateway_reference" text,
	"outcome" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_payments_kind_check" CHECK ("order_payments"."kind" IN ('charge', 'refund')),
	CONSTRAINT "order_payments_outcome_check" CHECK ("order_payments"."outcome" IN ('approved', 'declined', 'invalid'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"short_token" text NOT NULL,
	"source" text NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"original_price_pence" integer NOT NULL,
	"discount_pence" integer DEFAULT 0 NOT NULL,
	"price_pence" integer NOT NULL,
	"vat_pence" integer NOT NULL,
	"discount_code" text,
	"payment_flag" text NOT NULL,
	"shipping_flag" text NOT NULL,
	"transaction_id" text,
	"customer_user_id" uuid,
	"billing_email" text NOT NULL,
	"billing_detail" jsonb NOT NULL,
	"billing_address" jsonb NOT NULL,
	"shipping_address" jsonb NOT NULL,
	CONSTRAINT "orders_currency_check" CHECK ("orders"."currency" IN ('GBP', 'USD')),
	CONSTRAINT "orders_payment_flag_check" CHECK ("orders"."payment_flag" IN ('Initiated', 'Failed', 'Complete')),
	CONSTRAINT "orders_shipping_flag_check" CHECK ("orders"."shipping_flag" IN ('Pending', 'Processing', 'Dispatched', 'cancelled', 'failed')),
	CONSTRAINT "orders_amounts_check" CHECK ("orders"."discount_pence" >= 0 AND "orders"."price_pence" = "orders"."original_price_pence" - "orders"."discount_pence" AND "orders"."price_pence" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_dispatches" ADD CONSTRAINT "order_dispatches_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_dispatches" ADD CONSTRAINT "order_dispatches_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_dispatches" ADD CONSTRAINT "order_dispatches_dispatched_by_users_id_fk" FOREIGN KEY ("dispatched_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_dispatches_kit_id_key" ON "order_dispatches" USING btree ("kit_id");--> statement-breakpoint
CREATE INDEX "order_dispatches_order_idx" ON "order_dispatches" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_order_product_key" ON "order_items" USING btree ("order_id","product_id");--> statement-breakpoint
CREATE INDEX "order_notes_order_idx" ON "order_notes" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_payments_order_idx" ON "order_payments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_short_token_key" ON "orders" USING btree ("short_token");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_listed_created_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."payment_flag" <> 'Initiated';--> statement-breakpoint
CREATE INDEX "orders_email_created_idx" ON "orders" USING btree (lower("billing_email"),"created_at","id");--> statement-breakpoint
CREATE INDEX "orders_discount_created_idx" ON "orders" USING btree ("discount_code","created_at","id") WHERE "orders"."discount_code" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_customer_created_idx" ON "orders" USING btree ("customer_user_id","created_at","id") WHERE "orders"."customer_user_id" IS NOT NULL;--> statement-breakpoint
-- Hand-written (not derived from the schema files; keep it when regenerating): GET /order's match counts are kept in
-- memory (orders' `counts`, a PageCache) until a change to orders is heard, so every change tells every server process at commit.
CREATE TRIGGER "orders_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "vireo_tables_changed"();
