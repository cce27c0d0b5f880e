CREATE TABLE "open_order_counts" (
	"order_status" text NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"finance_approval" boolean NOT NULL,
	"csr_art_prepared" boolean NOT NULL,
	"csr_production_confirmed" boolean NOT NULL,
	"customer_id" integer,
	"vendor_id" integer,
	"production_region_id" integer,
	"factory_id" integer,
	"orders" integer NOT NULL,
	CONSTRAINT "open_order_counts_key" UNIQUE NULLS NOT DISTINCT("order_status","finance_approval","csr_art_prepared","csr_production_confirmed","customer_id","vendor_id","production_region_id","factory_id")
);
--> statement-breakpoint
-- "Needs my action" counts (docs/decisions/0023): open orders (not cancelled, placed, not shipped)
-- counted by status, step flags and scope columns, kept by a trigger in the transaction that
-- writes the order, so the counts can never drift from the orders whatever writes them.
CREATE FUNCTION selvedge_count_open_orders() RETURNS trigger LANGUAGE plpgsql AS $$
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
      AND factory_id IS NOT DISTINCT FROM OLD.factory_id;
  END IF;
  IF is_open THEN
    INSERT INTO open_order_counts (
      order_status, cancelled, finance_approval, csr_art_prepared, csr_production_confirmed,
      customer_id, vendor_id, production_region_id, factory_id, orders
    ) VALUES (
      NEW.order_status, false, NEW.finance_approval, NEW.csr_art_prepared, NEW.csr_production_confirmed,
      NEW.customer_id, NEW.vendor_id, NEW.production_region_id, NEW.factory_id, 1
    )
    ON CONFLICT ON CONSTRAINT open_order_counts_key DO UPDATE SET orders = open_order_counts.orders + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_count_open
AFTER INSERT OR DELETE OR UPDATE OF order_status, cancelled, finance_approval, csr_art_prepared,
  csr_production_confirmed, customer_id, vendor_id, production_region_id, factory_id
ON orders FOR EACH ROW EXECUTE FUNCTION selvedge_count_open_orders();
--> statement-breakpoint
CREATE FUNCTION selvedge_count_open_orders_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE open_order_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_count_open_truncate AFTER TRUNCATE ON orders
FOR EACH STATEMENT EXECUTE FUNCTION selvedge_count_open_orders_truncate();
--> statement-breakpoint
INSERT INTO open_order_counts (
  order_status, cancelled, finance_approval, csr_art_prepared, csr_production_confirmed,
  customer_id, vendor_id, production_region_id, factory_id, orders
)
SELECT order_status, false, finance_approval, csr_art_prepared, csr_production_confirmed,
  customer_id, vendor_id, production_region_id, factory_id, count(*)::int
FROM orders
WHERE NOT cancelled AND order_status NOT IN ('PENDING', 'COMPLETE_AND_SHIPPED')
GROUP BY order_status, finance_approval, csr_art_prepared, csr_production_confirmed,
  customer_id, vendor_id, production_region_id, factory_id;
