DROP INDEX "orders_order_date";--> statement-breakpoint
DROP INDEX "orders_customer_date";--> statement-breakpoint
DROP INDEX "orders_vendor_date";--> statement-breakpoint
DROP INDEX "orders_region_date";--> statement-breakpoint
CREATE INDEX "orders_list_date" ON "orders" USING btree ("order_date","id","order_status","cancelled","finance_approval","vendor_id","customer_id","production_region_id","factory_id") WHERE order_status <> 'PENDING';--> statement-breakpoint
CREATE INDEX "orders_list_vendor" ON "orders" USING btree ("vendor_id","order_date","id","order_status","cancelled","finance_approval","customer_id","production_region_id") WHERE order_status <> 'PENDING';--> statement-breakpoint
CREATE INDEX "orders_list_customer" ON "orders" USING btree ("customer_id","order_date","id","order_status","cancelled","finance_approval","vendor_id","production_region_id") WHERE order_status <> 'PENDING';--> statement-breakpoint
CREATE INDEX "orders_list_region" ON "orders" USING btree ("production_region_id","order_date","id","order_status","cancelled","finance_approval","vendor_id","customer_id","factory_id") WHERE order_status <> 'PENDING';--> statement-breakpoint
CREATE INDEX "orders_list_factory" ON "orders" USING btree ("factory_id","order_date","id","order_status","cancelled","finance_approval","vendor_id","customer_id","production_region_id") WHERE order_status <> 'PENDING';