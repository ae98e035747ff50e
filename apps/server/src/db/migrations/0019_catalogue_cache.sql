-- The shop's products and the countries register are answered from memory too (commerce's catalogue cache):
-- every change to them, or to a country's linked records, tells every server process at commit.
CREATE TRIGGER "products_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "vireo_tables_changed"();--> statement-breakpoint
CREATE TRIGGER "countries_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "countries" FOR EACH STATEMENT EXECUTE FUNCTION "vireo_tables_changed"();--> statement-breakpoint
CREATE TRIGGER "country_nca_addresses_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "country_nca_addresses" FOR EACH STATEMENT EXECUTE FUNCTION "vireo_tables_changed"();--> statement-breakpoint
CREATE TRIGGER "country_restrictions_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "country_restrictions" FOR EACH STATEMENT EXECUTE FUNCTION "vireo_tables_changed"();--> statement-breakpoint
CREATE TRIGGER "country_vaccine_information_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "country_vaccine_information" FOR EACH STATEMENT EXECUTE FUNCTION "vireo_tables_changed"();
