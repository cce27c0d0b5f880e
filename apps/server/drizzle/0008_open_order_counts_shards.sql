-- open_order_counts in 4 shards per combination (docs/decisions/0025): the shard of an order is its
-- id modulo 4, so orders of one vendor placed at once (the same combination) mostly update
-- different rows instead of queueing on one until each transaction commits. Writers of orders wait
-- while the table is rebuilt.
LOCK TABLE "orders" IN SHARE MODE;--> statement-breakpoint
ALTER TABLE "open_order_counts" DROP CONSTRAINT "open_order_counts_key";--> statement-breakpoint
ALTER TABLE "open_order_counts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "open_order_counts" ADD CONSTRAINT "open_order_counts_key" UNIQUE NULLS NOT DISTINCT("order_status","finance_approval","csr_art_prepared","csr_production_confirmed","customer_id","vendor_id","production_region_id","factory_id","shard");--> statement-breakpoint
CREATE OR REPLACE FUNCTION selvedge_count_open_orders() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_open boolean := TG_OP IN ('UPDATE', 'DELETE')
    AND NOT OLD.cancelled AND OLD.order_status NOT IN ('PENDING', 'COMPLETE_AND_SHIPPED');
  is_open boolean := TG_OP IN ('INSERT', 'UPDATE')
    AND NOT NEW.cancelled AND NEW.order_status NOT IN ('PENDING', 'COMPLETE_AND_SHIPPED');
BEGIN
  IF TG_OP = 'UPDATE' AND was_open = is_open AND (
    OLD.order_status, OLD.finance_approval, OLD.csr_art_prepared, OLD.csr_production_confirmed,
    OLD.customer_id, OLD.vendor_id, OLD.production_region_id, OLD.factory_id
  ) IS NOT DISTINCT FROM (
    NEW.order_status, NEW.finance_approval, NEW.csr_art_prepared, NEW.csr_production_confirmed,
    NEW.customer_id, NEW.vendor_id, NEW.production_region_id, NEW.factory_id
  ) THEN
    RETURN NULL;
  END IF;
  IF was_open THEN
    UPDATE open_order_counts SET orders = orders - 1
    WHERE order_status = OLD.order_status
      AND finance_approval = OLD.finance_approval
      AND csr_art_prepared = OLD.csr_art_prepared
      AND csr_production_confirmed = OLD.csr_production_confirmed
      AND customer_id IS NOT DISTINCT FROM OLD.customer_id
      AND vendor_id IS NOT DISTINCT FROM OLD.vendor_id
      AND production_region_id IS NOT DISTINCT FROM OLD.production_region_id
      AND factory_id IS NOT DISTINCT FROM OLD.factory_id
      AND shard = OLD.id % 4;
  END IF;
  IF is_open THEN
    INSERT INTO open_order_counts (
      order_status, cancelled, finance_approval, csr_art_prepared, csr_production_confirmed,
      customer_id, vendor_id, production_region_id, factory_id, shard, orders
    ) VALUES (
      NEW.order_status, false, NEW.finance_approval, NEW.csr_art_prepared, NEW.csr_production_confirmed,
      NEW.customer_id, NEW.vendor_id, NEW.production_region_id, NEW.factory_id, NEW.id % 4, 1
    )
    ON CONFLICT ON CONSTRAINT open_order_counts_key DO UPDATE SET orders = open_order_counts.orders + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DELETE FROM "open_order_counts";--> statement-breakpoint
INSERT INTO open_order_counts (
  order_status, cancelled, finance_approval, csr_art_prepared, csr_production_confirmed,
  customer_id, vendor_id, production_region_id, factory_id, shard, orders
)
SELECT order_status, false, finance_approval, csr_art_prepared, csr_production_confirmed,
  customer_id, vendor_id, production_region_id, factory_id, id % 4, count(*)::int
FROM orders
WHERE NOT cancelled AND order_status NOT IN ('PENDING', 'COMPLETE_AND_SHIPPED')
GROUP BY order_status, finance_approval, csr_art_prepared, csr_production_confirmed,
  customer_id, vendor_id, production_region_id, factory_id, id % 4;
