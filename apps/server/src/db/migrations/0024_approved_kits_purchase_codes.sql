CREATE TABLE "approved_kits" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"specificity" text NOT NULL,
	"sensitivity" text NOT NULL,
	"lot_tracking" boolean NOT NULL,
	"lot_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "purchase_code_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"product_id" uuid NOT NULL,
	"count" integer NOT NULL,
	"uses_per_code" integer NOT NULL,
	"valid_until" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	CONSTRAINT "purchase_code_batches_count_check" CHECK ("purchase_code_batches"."count" BETWEEN 1 AND 10000),
	CONSTRAINT "purchase_code_batches_uses_check" CHECK ("purchase_code_batches"."uses_per_code" >= 1)
);
--> statement-breakpoint
CREATE TABLE "purchase_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"value" text NOT NULL,
	"uses" integer NOT NULL,
	"used_times" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "purchase_codes_uses_check" CHECK ("purchase_codes"."uses" >= 1 AND "purchase_codes"."used_times" >= 0 AND "purchase_codes"."used_times" <= "purchase_codes"."uses")
);
--> statement-breakpoint
ALTER TABLE "purchase_code_batches" ADD CONSTRAINT "purchase_code_batches_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_code_batches" ADD CONSTRAINT "purchase_code_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_codes" ADD CONSTRAINT "purchase_codes_batch_id_purchase_code_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."purchase_code_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approved_kits_name_key" ON "approved_kits" USING btree (lower("name")) WHERE "approved_kits"."retired_at" IS NULL;--> statement-breakpoint
CREATE INDEX "purchase_code_batches_created_idx" ON "purchase_code_batches" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_codes_value_key" ON "purchase_codes" USING btree ("value");--> statement-breakpoint
CREATE INDEX "purchase_codes_batch_idx" ON "purchase_codes" USING btree ("batch_id","value");