ALTER TYPE "public"."role_name" ADD VALUE 'pharmacy';--> statement-breakpoint
CREATE TABLE "order_code_uses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"purchase_code_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_code_uses" ADD CONSTRAINT "order_code_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_code_uses" ADD CONSTRAINT "order_code_uses_purchase_code_id_purchase_codes_id_fk" FOREIGN KEY ("purchase_code_id") REFERENCES "public"."purchase_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_code_uses" ADD CONSTRAINT "order_code_uses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_code_uses_order_idx" ON "order_code_uses" USING btree ("order_id");