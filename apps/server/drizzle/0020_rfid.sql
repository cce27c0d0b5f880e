-- Issue 38 (docs/rfid.md, decision 0067): RFID subcodes and filters, the customer's GS1 Company Prefix, a GTIN per
-- size item, the per-GTIN serial counters that never go back, and the serial ranges of placed orders.
CREATE TABLE "rfid_ranges" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"order_item_size_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"gtin" text NOT NULL,
	"filter" smallint NOT NULL,
	"first_serial" bigint NOT NULL,
	"count" integer NOT NULL,
	"retired" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rfid_ranges_count" CHECK ("rfid_ranges"."count" > 0)
);
--> statement-breakpoint
CREATE TABLE "rfid_serial_counters" (
	"gtin" text PRIMARY KEY NOT NULL,
	"next_serial" bigint NOT NULL,
	CONSTRAINT "rfid_serial_counters_max" CHECK ("rfid_serial_counters"."next_serial" between 0 and 274877906944)
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "gs1_company_prefix" text;--> statement-breakpoint
ALTER TABLE "product_items" ADD COLUMN "gtin" text;--> statement-breakpoint
ALTER TABLE "product_subcodes" ADD COLUMN "rfid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_subcodes" ADD COLUMN "epc_filter" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "rfid_ranges" ADD CONSTRAINT "rfid_ranges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfid_ranges" ADD CONSTRAINT "rfid_ranges_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rfid_ranges_order" ON "rfid_ranges" USING btree ("order_id","seq");--> statement-breakpoint
CREATE INDEX "rfid_ranges_gtin" ON "rfid_ranges" USING btree ("gtin","first_serial");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_gs1_company_prefix" CHECK ("customers"."gs1_company_prefix" ~ '^[0-9]{6,12}$');--> statement-breakpoint
ALTER TABLE "product_items" ADD CONSTRAINT "product_items_gtin" CHECK ("product_items"."gtin" ~ '^[0-9]{14}$');--> statement-breakpoint
ALTER TABLE "product_subcodes" ADD CONSTRAINT "product_subcodes_epc_filter" CHECK ("product_subcodes"."epc_filter" between 0 and 7);