-- Certificate management's name search (ILIKE '%…%' on the holder's name or e-mail) by trigram indexes. pg_trgm is a
-- trusted extension (PostgreSQL 13+): the database's owner may create it; PGlite loads it (platform/db.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "certificates_holder_name_trgm_idx" ON "certificates" USING gin ("holder_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "certificates_email_trgm_idx" ON "certificates" USING gin ("email" gin_trgm_ops);
