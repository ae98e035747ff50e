CREATE TABLE "discounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project" text NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"value" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"active_from" date NOT NULL,
	"active_to" date NOT NULL,
	"uses" integer NOT NULL,
	"used_times" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	CONSTRAINT "discounts_type_check" CHECK ("discounts"."type" IN ('percentage', 'reduction', 'trial')),
	CONSTRAINT "discounts_value_check" CHECK ("discounts"."value" >= 0 AND ("discounts"."type" <> 'percentage' OR "discounts"."value" BETWEEN 1 AND 100)),
	CONSTRAINT "discounts_uses_check" CHECK ("discounts"."uses" >= 1 AND "discounts"."used_times" >= 0 AND "discounts"."used_times" <= "discounts"."uses"),
	CONSTRAINT "discounts_dates_check" CHECK ("discounts"."active_from" <= "discounts"."active_to")
);
--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discounts_code_key" ON "discounts" USING btree ("code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "discounts_created_idx" ON "discounts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "discounts_project_created_idx" ON "discounts" USING btree ("project","created_at","id");--> statement-breakpoint
CREATE INDEX "discounts_unused_created_idx" ON "discounts" USING btree ("created_at","id") WHERE "discounts"."used_times" = 0;--> statement-breakpoint
CREATE INDEX "discounts_used_created_idx" ON "discounts" USING btree ("created_at","id") WHERE "discounts"."used_times" > 0;