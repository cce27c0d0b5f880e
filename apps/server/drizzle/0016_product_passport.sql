-- Issue 25, decision 0044: the product passport of a care label. A placed care-labelled line keeps a
-- random serial (GS1 AI 21: 20 characters of base64url, from gen_random_uuid's random bits; never the
-- line's id) and the GTIN-14 its subcode had at placing; the subcode gains its garment's GTIN-14.
-- Placing writes both in its line update (cart.repository placedLinesOf; no statement of its own,
-- decision 0031). Backfill: placed, care-labelled lines get a serial now; no subcode has a GTIN yet,
-- so they have no GTIN and no passport link (the link needs both; the GTIN is the one at placing).
ALTER TABLE "order_items" ADD COLUMN "passport_serial" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "passport_gtin" text;--> statement-breakpoint
ALTER TABLE "product_subcodes" ADD COLUMN "gtin" text;--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_passport_serial" ON "order_items" USING btree ("passport_serial");--> statement-breakpoint
ALTER TABLE "product_subcodes" ADD CONSTRAINT "product_subcodes_gtin" CHECK ("product_subcodes"."gtin" ~ '^[0-9]{14}$');--> statement-breakpoint
UPDATE "order_items" AS i
  SET "passport_serial" = translate(substr(encode(uuid_send(gen_random_uuid()), 'base64'), 1, 20), '+/', '-_')
  FROM "orders" AS o
  WHERE o."id" = i."order_id" AND o."order_status" <> 'PENDING' AND i."care_label" IS NOT NULL;
