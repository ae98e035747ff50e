CREATE TABLE "partners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"service" text NOT NULL,
	"language" text NOT NULL,
	"home_page_url" text NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"code_prefixes" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "partners_kind_check" CHECK ("partners"."kind" IN ('holiday', 'airline', 'european')),
	CONSTRAINT "partners_service_check" CHECK ("partners"."service" IN ('video_gp', 'video_gp_product', 'video_gp_euro')),
	CONSTRAINT "partners_language_check" CHECK ("partners"."language" IN ('EN', 'DE'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "partners_slug_key" ON "partners" USING btree (lower("slug"));--> statement-breakpoint
CREATE UNIQUE INDEX "partners_source_key" ON "partners" USING btree (lower("source"));--> statement-breakpoint
-- hand-written: the seeded partners (contracts' SEED_PARTNERS; partners.test.ts holds the two together).
INSERT INTO "partners" ("name", "slug", "source", "kind", "service", "language", "home_page_url", "code_prefixes", "created_at", "updated_at") VALUES
('OFL', 'OFL', 'OFL', 'holiday', 'video_gp_product', 'EN', 'https://ofl.example/',
 '[{"sku":"FLX-UK-ANT-SNS-001","prefixes":["F2F"],"excluded":["F2FAW"]},{"sku":"DAY-2-UK-ANT-001","prefixes":["D2T","D2D"],"excluded":[]},{"sku":"DAY-2-US-ANT-001","prefixes":["US2"],"excluded":[]}]', now(), now()),
('Attraction World', 'attraction_world', 'attractionworld', 'holiday', 'video_gp_product', 'EN', 'https://attractionworld.example/',
 '[{"sku":"FLX-UK-ANT-SNS-001","prefixes":["F2FAW"],"excluded":[]},{"sku":"DAY-2-UK-ANT-001","prefixes":["D2AW"],"excluded":[]},{"sku":"DAY-2-US-ANT-001","prefixes":["US3AW"],"excluded":[]},{"sku":"ANT-CONSULT-001","prefixes":["US3AW"],"excluded":[]}]', now(), now()),
('Florida Tix', 'florida_tix', 'floridatix', 'holiday', 'video_gp_product', 'EN', 'https://floridatix.example/',
 '[{"sku":"FLX-UK-ANT-SNS-001","prefixes":["FTF2F"],"excluded":[]},{"sku":"DAY-2-UK-ANT-001","prefixes":["FTD2"],"excluded":[]},{"sku":"DAY-2-US-ANT-001","prefixes":["FTUS3"],"excluded":[]},{"sku":"ANT-CONSULT-001","prefixes":["FT?A"],"excluded":[]}]', now(), now());
