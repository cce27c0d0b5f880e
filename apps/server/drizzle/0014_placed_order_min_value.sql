-- Issue 28 §3, decision 0047: a placed order keeps the prices and charges it was placed with.
-- Unit prices, costs, line totals and charges were already stored on the rows by pricing; the line's
-- minimum order value was read live from min_values, so a minimum added to the subcode later showed
-- on old orders. It is now stored on the line at placing (order_items.min_value).
-- Backfill: existing placed orders (every status but PENDING, the cart) take TODAY's minimum order
-- value of their subcode in their price currency — what order details showed until now; the value at
-- their placing was never stored and cannot be recovered. A placed order without a price currency
-- (none is expected: placing sets it) first takes its vendor's currency, as the read model did.
ALTER TABLE "order_items" ADD COLUMN "min_value" numeric(14, 4);--> statement-breakpoint
UPDATE "orders" AS o SET "price_currency_id" = v."currency_type_id" FROM "vendors" AS v
  WHERE v."id" = o."vendor_id" AND o."price_currency_id" IS NULL AND o."order_status" <> 'PENDING';--> statement-breakpoint
UPDATE "order_items" AS i SET "min_value" = m."price" FROM "orders" AS o, "min_values" AS m
  WHERE o."id" = i."order_id" AND o."order_status" <> 'PENDING'
    AND m."product_subcode_id" = i."product_subcode_id" AND m."currency_id" = o."price_currency_id";
