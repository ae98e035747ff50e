CREATE TABLE "countries" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"nca_address_id" integer NOT NULL,
	"restriction_id" integer NOT NULL,
	"vaccine_information_id" integer NOT NULL,
	"prohibited_schedule" integer NOT NULL,
	"prohibited_schedule_narcotics" integer[] NOT NULL,
	"prohibited_schedule_psychotropics" integer[] NOT NULL,
	"recommendations" text[] NOT NULL,
	"prohibitions" text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "country_nca_addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "country_nca_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"address_5" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "country_restrictions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "country_restrictions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"narcotic" text NOT NULL,
	"psychotropic" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "country_vaccine_information" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "country_vaccine_information_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"most_travellers" text NOT NULL,
	"recommended" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drugs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"base_component" text NOT NULL,
	"type" text NOT NULL,
	"class" integer NOT NULL,
	"show_in_autocomplete" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "info_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"source" text NOT NULL,
	"slug" text NOT NULL,
	"body" text NOT NULL,
	"published" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "countries" ADD CONSTRAINT "countries_nca_address_id_country_nca_addresses_id_fk" FOREIGN KEY ("nca_address_id") REFERENCES "public"."country_nca_addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "countries" ADD CONSTRAINT "countries_restriction_id_country_restrictions_id_fk" FOREIGN KEY ("restriction_id") REFERENCES "public"."country_restrictions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "countries" ADD CONSTRAINT "countries_vaccine_information_id_country_vaccine_information_id_fk" FOREIGN KEY ("vaccine_information_id") REFERENCES "public"."country_vaccine_information"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "countries_name_idx" ON "countries" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "drugs_name_idx" ON "drugs" USING btree (lower("name") COLLATE "C","id");--> statement-breakpoint
CREATE INDEX "drugs_autocomplete_idx" ON "drugs" USING btree (lower("name") COLLATE "C","id") WHERE "drugs"."show_in_autocomplete";--> statement-breakpoint
CREATE UNIQUE INDEX "info_pages_slug_key" ON "info_pages" USING btree ("slug");