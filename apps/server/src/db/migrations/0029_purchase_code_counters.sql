ALTER TABLE "purchase_code_batches" ADD COLUMN "used_times" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_code_batches" ADD CONSTRAINT "purchase_code_batches_used_check" CHECK ("purchase_code_batches"."used_times" BETWEEN 0 AND "purchase_code_batches"."count" * "purchase_code_batches"."uses_per_code");--> statement-breakpoint
-- Hand-written (not derived from the schema files; keep it when regenerating): batches made before the counter existed
-- start from the uses their codes have already taken.
UPDATE "purchase_code_batches" AS b SET "used_times" = t."used"
FROM (SELECT "batch_id", sum("used_times")::int AS "used" FROM "purchase_codes" GROUP BY "batch_id") AS t
WHERE t."batch_id" = b."id";
