-- Issue 28 §3, decision 0046: one rule for every master-data unique name — trimmed, ignoring case,
-- enforced by unique indexes on lower(btrim(name)) that replace the case-sensitive constraints.
--
-- Hand-written first part (before drizzle's statements): names that are duplicates under the new rule
-- are renamed so the indexes can be built. Within each group of names equal after trimming and
-- ignoring case (per kind / customer / vendor where the rule is scoped), the oldest row (lowest id)
-- keeps its name; the later ones, in id order, get " (2)", " (3)", … appended to their trimmed name
-- ("bangladesh" next to "Bangladesh" becomes "bangladesh (2)" when it was created second). Rows are
-- only renamed, never merged or deleted: orders and lists keep pointing at the same ids. Every name is
-- then stored trimmed, as the save paths now store it. Vendors' company names were not unique before
-- (two vendors "Walk Test Garments"); they are now. Users' emails were already stored trimmed and
-- lower-case and unique, so they need no renaming, only the new index. A renamed name that collides
-- with an existing one ("X (2)" already there) makes the index creation fail and the whole migration
-- roll back, rather than guess.
UPDATE "warehouses" AS t SET "warehouse_name" = btrim(t."warehouse_name") || ' (' || d.n || ')' FROM (SELECT "id", row_number() OVER (PARTITION BY lower(btrim("warehouse_name")) ORDER BY "id") AS n FROM "warehouses") AS d WHERE d."id" = t."id" AND d.n > 1;--> statement-breakpoint
UPDATE "warehouses" SET "warehouse_name" = btrim("warehouse_name") WHERE "warehouse_name" <> btrim("warehouse_name");--> statement-breakpoint
UPDATE "production_regions" AS t SET "production_region_name" = btrim(t."production_region_name") || ' (' || d.n || ')' FROM (SELECT "id", row_number() OVER (PARTITION BY lower(btrim("production_region_name")) ORDER BY "id") AS n FROM "production_regions") AS d WHERE d."id" = t."id" AND d.n > 1;--> statement-breakpoint
UPDATE "production_regions" SET "production_region_name" = btrim("production_region_name") WHERE "production_region_name" <> btrim("production_region_name");--> statement-breakpoint
UPDATE "product_codes" AS t SET "product_code" = btrim(t."product_code") || ' (' || d.n || ')' FROM (SELECT "id", row_number() OVER (PARTITION BY lower(btrim("product_code")) ORDER BY "id") AS n FROM "product_codes") AS d WHERE d."id" = t."id" AND d.n > 1;--> statement-breakpoint
UPDATE "product_codes" SET "product_code" = btrim("product_code") WHERE "product_code" <> btrim("product_code");--> statement-breakpoint
UPDATE "customers" AS t SET "company_name" = btrim(t."company_name") || ' (' || d.n || ')' FROM (SELECT "id", row_number() OVER (PARTITION BY lower(btrim("company_name")) ORDER BY "id") AS n FROM "customers") AS d WHERE d."id" = t."id" AND d.n > 1;--> statement-breakpoint
UPDATE "customers" SET "company_name" = btrim("company_name") WHERE "company_name" <> btrim("company_name");--> statement-breakpoint
UPDATE "vendors" AS t SET "company_name" = btrim(t."company_name") || ' (' || d.n || ')' FROM (SELECT "id", row_number() OVER (PARTITION BY lower(btrim("company_name")) ORDER BY "id") AS n FROM "vendors") AS d WHERE d."id" = t."id" AND d.n > 1;--> statement-breakpoint
UPDATE "vendors" SET "company_name" = btrim("company_name") WHERE "company_name" <> btrim("company_name");--> statement-breakpoint
UPDATE "factories" AS t SET "short_code" = btrim(t."short_code") || ' (' || d.n || ')' FROM (SELECT "id", row_number() OVER (PARTITION BY lower(btrim("short_code")) ORDER BY "id") AS n FROM "factories") AS d WHERE d."id" = t."id" AND d.n > 1;--> statement-breakpoint
UPDATE "factories" SET "short_code" = btrim("short_code") WHERE "short_code" <> btrim("short_code");--> statement-breakpoint
UPDATE "product_subcodes" AS t SET "product_subcode" = btrim(t."product_subcode") || ' (' || d.n || ')' FROM (SELECT "id", row_number() OVER (PARTITION BY "customer_id", lower(btrim("product_subcode")) ORDER BY "id") AS n FROM "product_subcodes") AS d WHERE d."id" = t."id" AND d.n > 1;--> statement-breakpoint
UPDATE "product_subcodes" SET "product_subcode" = btrim("product_subcode") WHERE "product_subcode" <> btrim("product_subcode");--> statement-breakpoint
UPDATE "care_options" AS t SET "name" = btrim(t."name") || ' (' || d.n || ')' FROM (SELECT "id", row_number() OVER (PARTITION BY "kind", lower(btrim("name")) ORDER BY "id") AS n FROM "care_options" WHERE "name" IS NOT NULL) AS d WHERE d."id" = t."id" AND d.n > 1;--> statement-breakpoint
UPDATE "care_options" SET "name" = btrim("name") WHERE "name" <> btrim("name");--> statement-breakpoint
UPDATE "care_options" AS t SET "code" = btrim(t."code") || ' (' || d.n || ')' FROM (SELECT "id", row_number() OVER (PARTITION BY "kind", lower(btrim("code")) ORDER BY "id") AS n FROM "care_options" WHERE "code" IS NOT NULL) AS d WHERE d."id" = t."id" AND d.n > 1;--> statement-breakpoint
UPDATE "care_options" SET "code" = btrim("code") WHERE "code" <> btrim("code");--> statement-breakpoint
UPDATE "care_options" AS t SET "display_name" = btrim(t."display_name") || ' (' || d.n || ')' FROM (SELECT "id", row_number() OVER (PARTITION BY "kind", "type", lower(btrim("display_name")) ORDER BY "id") AS n FROM "care_options" WHERE "display_name" IS NOT NULL) AS d WHERE d."id" = t."id" AND d.n > 1;--> statement-breakpoint
UPDATE "care_options" SET "display_name" = btrim("display_name") WHERE "display_name" <> btrim("display_name");--> statement-breakpoint
UPDATE "care_lists" AS t SET "name" = btrim(t."name") || ' (' || d.n || ')' FROM (SELECT "id", row_number() OVER (PARTITION BY "kind", lower(btrim("name")) ORDER BY "id") AS n FROM "care_lists") AS d WHERE d."id" = t."id" AND d.n > 1;--> statement-breakpoint
UPDATE "care_lists" SET "name" = btrim("name") WHERE "name" <> btrim("name");--> statement-breakpoint
UPDATE "vendor_shipping_addresses" AS t SET "option_name" = btrim(t."option_name") || ' (' || d.n || ')' FROM (SELECT "id", row_number() OVER (PARTITION BY "vendor_id", lower(btrim("option_name")) ORDER BY "id") AS n FROM "vendor_shipping_addresses") AS d WHERE d."id" = t."id" AND d.n > 1;--> statement-breakpoint
UPDATE "vendor_shipping_addresses" SET "option_name" = btrim("option_name") WHERE "option_name" <> btrim("option_name");--> statement-breakpoint
ALTER TABLE "customers" DROP CONSTRAINT "customers_company_name_unique";--> statement-breakpoint
ALTER TABLE "factories" DROP CONSTRAINT "factories_short_code_unique";--> statement-breakpoint
ALTER TABLE "product_codes" DROP CONSTRAINT "product_codes_product_code_unique";--> statement-breakpoint
ALTER TABLE "production_regions" DROP CONSTRAINT "production_regions_production_region_name_unique";--> statement-breakpoint
ALTER TABLE "warehouses" DROP CONSTRAINT "warehouses_warehouse_name_unique";--> statement-breakpoint
DROP INDEX "care_lists_kind_name";--> statement-breakpoint
DROP INDEX "care_options_kind_name";--> statement-breakpoint
DROP INDEX "care_options_kind_code";--> statement-breakpoint
DROP INDEX "care_options_kind_type_display_name";--> statement-breakpoint
DROP INDEX "product_subcodes_customer_subcode";--> statement-breakpoint
DROP INDEX "users_email";--> statement-breakpoint
DROP INDEX "vendor_shipping_addresses_vendor_option";--> statement-breakpoint
CREATE UNIQUE INDEX "care_lists_kind_name_ci" ON "care_lists" USING btree ("kind",lower(btrim("name")));--> statement-breakpoint
CREATE UNIQUE INDEX "care_options_kind_name_ci" ON "care_options" USING btree ("kind",lower(btrim("name")));--> statement-breakpoint
CREATE UNIQUE INDEX "care_options_kind_code_ci" ON "care_options" USING btree ("kind",lower(btrim("code")));--> statement-breakpoint
CREATE UNIQUE INDEX "care_options_kind_type_display_name_ci" ON "care_options" USING btree ("kind","type",lower(btrim("display_name")));--> statement-breakpoint
CREATE UNIQUE INDEX "customers_name_ci" ON "customers" USING btree (lower(btrim("company_name")));--> statement-breakpoint
CREATE UNIQUE INDEX "factories_short_code_ci" ON "factories" USING btree (lower(btrim("short_code")));--> statement-breakpoint
CREATE UNIQUE INDEX "product_codes_code_ci" ON "product_codes" USING btree (lower(btrim("product_code")));--> statement-breakpoint
CREATE UNIQUE INDEX "product_subcodes_customer_subcode_ci" ON "product_subcodes" USING btree ("customer_id",lower(btrim("product_subcode")));--> statement-breakpoint
CREATE UNIQUE INDEX "production_regions_name_ci" ON "production_regions" USING btree (lower(btrim("production_region_name")));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_ci" ON "users" USING btree (lower(btrim("email")));--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_shipping_addresses_vendor_option_ci" ON "vendor_shipping_addresses" USING btree ("vendor_id",lower(btrim("option_name")));--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_name_ci" ON "vendors" USING btree (lower(btrim("company_name")));--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_name_ci" ON "warehouses" USING btree (lower(btrim("warehouse_name")));