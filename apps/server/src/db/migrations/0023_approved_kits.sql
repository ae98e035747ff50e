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
CREATE UNIQUE INDEX "approved_kits_name_key" ON "approved_kits" USING btree (lower("name")) WHERE "approved_kits"."retired_at" IS NULL;