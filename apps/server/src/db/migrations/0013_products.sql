CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sku" text NOT NULL,
	"title" text NOT NULL,
	"sub_title" text,
	"country" text NOT NULL,
	"price_pence" integer NOT NULL,
	"msrp_pence" integer NOT NULL,
	"type" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"out_of_stock" boolean NOT NULL,
	"active" boolean NOT NULL,
	"bundle_id" text,
	"service" text,
	"description" text,
	"points" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"footer" text,
	"card_colour" text NOT NULL,
	"discount_exempt" boolean NOT NULL,
	"vat_exempt" boolean NOT NULL,
	"shippable" boolean NOT NULL,
	"bookable" boolean NOT NULL,
	"pre_book" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_key" ON "products" USING btree ("sku") WHERE "products"."retired_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_on_sale_tags_idx" ON "products" USING gin ("tags") WHERE "products"."retired_at" IS NULL AND "products"."active" AND NOT "products"."out_of_stock";--> statement-breakpoint
CREATE INDEX "audit_events_resource_idx" ON "audit_events" USING btree ("resource_type","resource_id","at");