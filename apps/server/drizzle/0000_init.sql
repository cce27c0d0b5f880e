CREATE TABLE "attribute_schemas" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"global" boolean DEFAULT false NOT NULL,
	"customer_id" integer,
	"product_group_id" integer,
	"attribute_fields" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cost_tiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_subcode_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"price" numeric(14, 4) NOT NULL,
	"currency_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(3) NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "currencies_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "customer_defaults" (
	"customer_id" integer NOT NULL,
	"default_name" text NOT NULL,
	"default_value" text NOT NULL,
	CONSTRAINT "customer_defaults_customer_id_default_name_pk" PRIMARY KEY("customer_id","default_name")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"parser_type" text DEFAULT 'NONE' NOT NULL,
	"warehouse_id" integer,
	"special_instructions_limit" integer DEFAULT 0 NOT NULL,
	"copyright_show" boolean DEFAULT false NOT NULL,
	"fabric_composition_show" boolean DEFAULT true NOT NULL,
	CONSTRAINT "customers_company_name_unique" UNIQUE("company_name")
);
--> statement-breakpoint
CREATE TABLE "factories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"short_code" text NOT NULL,
	"address" text,
	"telephone" text,
	"currency_type_id" integer DEFAULT 1 NOT NULL,
	"production_region_id" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "factories_short_code_unique" UNIQUE("short_code")
);
--> statement-breakpoint
CREATE TABLE "factory_customers" (
	"factory_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	CONSTRAINT "factory_customers_factory_id_customer_id_pk" PRIMARY KEY("factory_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "min_values" (
	"product_subcode_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"price" numeric(14, 4) NOT NULL,
	CONSTRAINT "min_values_product_subcode_id_currency_id_pk" PRIMARY KEY("product_subcode_id","currency_id")
);
--> statement-breakpoint
CREATE TABLE "order_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"charge_name" text NOT NULL,
	"product_subcode_id" integer,
	"subcode" text,
	"sub_code_description" text,
	"charge" numeric(14, 4) NOT NULL,
	"currency_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"storage_path" text NOT NULL,
	"content_type" text NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_item_sizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_item_id" integer NOT NULL,
	"product_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"attributes_item" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"unit_price" numeric(14, 4),
	"unit_cost" numeric(14, 4)
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_subcode_id" integer NOT NULL,
	"product_type" text DEFAULT 'STANDARD' NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"care_label" jsonb,
	"po_number" text,
	"style_number" text,
	"quantity" integer DEFAULT 0 NOT NULL,
	"unit_price" numeric(14, 4),
	"unit_cost" numeric(14, 4),
	"total_price" numeric(14, 4) DEFAULT '0' NOT NULL,
	"total_cost" numeric(14, 4) DEFAULT '0' NOT NULL,
	"needs_artwork" boolean DEFAULT false NOT NULL,
	"artwork_status" text,
	"artwork_name" text,
	"artwork_path" text,
	"artwork_comments" text,
	"artwork_finalized" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"user_name" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_status" text DEFAULT 'PENDING' NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"finance_approval" boolean DEFAULT false NOT NULL,
	"finance_approved_at" timestamp with time zone,
	"user_id" integer NOT NULL,
	"vendor_id" integer,
	"customer_id" integer,
	"production_region_id" integer,
	"factory_id" integer,
	"vendor_po" text,
	"contact" text,
	"email" text,
	"phone" text,
	"date_requested" date,
	"shipping_address" varchar(255),
	"delivery_method" text,
	"delivery_account" text,
	"billing_account" text,
	"billing_address" text,
	"comments" text,
	"order_date" timestamp with time zone,
	"estimated_completion_date" date,
	"ship_and_complete_date" timestamp with time zone,
	"invoice_number" text,
	"price_currency_id" integer,
	"cost_currency_id" integer,
	"total_price" numeric(14, 4) DEFAULT '0' NOT NULL,
	"total_cost" numeric(14, 4) DEFAULT '0' NOT NULL,
	"has_artwork" boolean DEFAULT false NOT NULL,
	"csr_art_prepared" boolean DEFAULT false NOT NULL,
	"csr_production_confirmed" boolean DEFAULT false NOT NULL,
	"terms_accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "price_tiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_subcode_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"price" numeric(14, 4) NOT NULL,
	"currency_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_code" text NOT NULL,
	CONSTRAINT "product_codes_product_code_unique" UNIQUE("product_code")
);
--> statement-breakpoint
CREATE TABLE "product_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"display_name" text NOT NULL,
	CONSTRAINT "product_groups_value_unique" UNIQUE("value")
);
--> statement-breakpoint
CREATE TABLE "product_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_subcode_id" integer NOT NULL,
	"product_type" text DEFAULT 'STANDARD' NOT NULL,
	"product_size" text NOT NULL,
	"sort_key" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"default_order_quantity" integer DEFAULT 0 NOT NULL,
	"product_group_id" integer,
	"product_subgroup_id" integer,
	"attribute_schema_id" integer,
	"current_inventory" integer DEFAULT 0 NOT NULL,
	"minimum_inventory" integer DEFAULT 0 NOT NULL,
	"maximum_inventory" integer DEFAULT 0 NOT NULL,
	"has_inventory" boolean DEFAULT false NOT NULL,
	"vendor_number" varchar(10),
	"po_number" text,
	"style_number" text,
	"variable_data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_subcodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_subcode" text NOT NULL,
	"description" text NOT NULL,
	"min_order_quantity" integer DEFAULT 0 NOT NULL,
	"pack_size" integer DEFAULT 1 NOT NULL,
	"fulfillment_process" text DEFAULT 'PICK_AND_PACK' NOT NULL,
	"sustainable" boolean DEFAULT false NOT NULL,
	"sample_reference_number" text,
	"approved_date" date,
	"customer_id" integer NOT NULL,
	"factory_id" integer,
	"product_code_id" integer NOT NULL,
	"attribute_schema_id" integer,
	"artwork_required" boolean DEFAULT false NOT NULL,
	"product_image_path" text,
	"product_image_type" text
);
--> statement-breakpoint
CREATE TABLE "product_subgroups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "product_subgroups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "production_regions" (
	"id" serial PRIMARY KEY NOT NULL,
	"production_region_name" text NOT NULL,
	CONSTRAINT "production_regions_production_region_name_unique" UNIQUE("production_region_name")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "user_customers" (
	"user_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	CONSTRAINT "user_customers_user_id_customer_id_pk" PRIMARY KEY("user_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "user_factories" (
	"user_id" integer NOT NULL,
	"factory_id" integer NOT NULL,
	CONSTRAINT "user_factories_user_id_factory_id_pk" PRIMARY KEY("user_id","factory_id")
);
--> statement-breakpoint
CREATE TABLE "user_regions" (
	"user_id" integer NOT NULL,
	"production_region_id" integer NOT NULL,
	CONSTRAINT "user_regions_user_id_production_region_id_pk" PRIMARY KEY("user_id","production_region_id")
);
--> statement-breakpoint
CREATE TABLE "user_vendors" (
	"user_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	CONSTRAINT "user_vendors_user_id_vendor_id_pk" PRIMARY KEY("user_id","vendor_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"contact_name" text NOT NULL,
	"telephone" text,
	"role" text DEFAULT 'VENDOR' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"email_enabled" boolean DEFAULT true NOT NULL,
	"password_hash" text,
	"password_changed_at" timestamp with time zone,
	"last_login" timestamp with time zone,
	"can_update_inventory" boolean DEFAULT false NOT NULL,
	"can_restock" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_customers" (
	"vendor_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	CONSTRAINT "vendor_customers_vendor_id_customer_id_pk" PRIMARY KEY("vendor_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "vendor_shipping_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"option_name" text NOT NULL,
	"address" varchar(255) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"currency_type_id" integer DEFAULT 1 NOT NULL,
	"vendor_number" varchar(10),
	"billing_address" text,
	"billing_account_number" text,
	"preferred_shipping_method" text,
	"delivery_account_number" text
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" serial PRIMARY KEY NOT NULL,
	"warehouse_name" text NOT NULL,
	"contact_name" text NOT NULL,
	"email" text NOT NULL,
	"telephone" text NOT NULL,
	"address" text NOT NULL,
	"preferred_shipping_method" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attribute_schemas" ADD CONSTRAINT "attribute_schemas_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_schemas" ADD CONSTRAINT "attribute_schemas_product_group_id_product_groups_id_fk" FOREIGN KEY ("product_group_id") REFERENCES "public"."product_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_tiers" ADD CONSTRAINT "cost_tiers_product_subcode_id_product_subcodes_id_fk" FOREIGN KEY ("product_subcode_id") REFERENCES "public"."product_subcodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_tiers" ADD CONSTRAINT "cost_tiers_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_defaults" ADD CONSTRAINT "customer_defaults_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "factories" ADD CONSTRAINT "factories_currency_type_id_currencies_id_fk" FOREIGN KEY ("currency_type_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "factories" ADD CONSTRAINT "factories_production_region_id_production_regions_id_fk" FOREIGN KEY ("production_region_id") REFERENCES "public"."production_regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "factory_customers" ADD CONSTRAINT "factory_customers_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "factory_customers" ADD CONSTRAINT "factory_customers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "min_values" ADD CONSTRAINT "min_values_product_subcode_id_product_subcodes_id_fk" FOREIGN KEY ("product_subcode_id") REFERENCES "public"."product_subcodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "min_values" ADD CONSTRAINT "min_values_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_charges" ADD CONSTRAINT "order_charges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_charges" ADD CONSTRAINT "order_charges_product_subcode_id_product_subcodes_id_fk" FOREIGN KEY ("product_subcode_id") REFERENCES "public"."product_subcodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_charges" ADD CONSTRAINT "order_charges_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_sizes" ADD CONSTRAINT "order_item_sizes_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_sizes" ADD CONSTRAINT "order_item_sizes_product_item_id_product_items_id_fk" FOREIGN KEY ("product_item_id") REFERENCES "public"."product_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_subcode_id_product_subcodes_id_fk" FOREIGN KEY ("product_subcode_id") REFERENCES "public"."product_subcodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_logs" ADD CONSTRAINT "order_logs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_logs" ADD CONSTRAINT "order_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_production_region_id_production_regions_id_fk" FOREIGN KEY ("production_region_id") REFERENCES "public"."production_regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_price_currency_id_currencies_id_fk" FOREIGN KEY ("price_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cost_currency_id_currencies_id_fk" FOREIGN KEY ("cost_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_tiers" ADD CONSTRAINT "price_tiers_product_subcode_id_product_subcodes_id_fk" FOREIGN KEY ("product_subcode_id") REFERENCES "public"."product_subcodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_tiers" ADD CONSTRAINT "price_tiers_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_items" ADD CONSTRAINT "product_items_product_subcode_id_product_subcodes_id_fk" FOREIGN KEY ("product_subcode_id") REFERENCES "public"."product_subcodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_items" ADD CONSTRAINT "product_items_product_group_id_product_groups_id_fk" FOREIGN KEY ("product_group_id") REFERENCES "public"."product_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_items" ADD CONSTRAINT "product_items_product_subgroup_id_product_subgroups_id_fk" FOREIGN KEY ("product_subgroup_id") REFERENCES "public"."product_subgroups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_items" ADD CONSTRAINT "product_items_attribute_schema_id_attribute_schemas_id_fk" FOREIGN KEY ("attribute_schema_id") REFERENCES "public"."attribute_schemas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_subcodes" ADD CONSTRAINT "product_subcodes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_subcodes" ADD CONSTRAINT "product_subcodes_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_subcodes" ADD CONSTRAINT "product_subcodes_product_code_id_product_codes_id_fk" FOREIGN KEY ("product_code_id") REFERENCES "public"."product_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_subcodes" ADD CONSTRAINT "product_subcodes_attribute_schema_id_attribute_schemas_id_fk" FOREIGN KEY ("attribute_schema_id") REFERENCES "public"."attribute_schemas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_customers" ADD CONSTRAINT "user_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_customers" ADD CONSTRAINT "user_customers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_factories" ADD CONSTRAINT "user_factories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_factories" ADD CONSTRAINT "user_factories_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_regions" ADD CONSTRAINT "user_regions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_regions" ADD CONSTRAINT "user_regions_production_region_id_production_regions_id_fk" FOREIGN KEY ("production_region_id") REFERENCES "public"."production_regions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_vendors" ADD CONSTRAINT "user_vendors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_vendors" ADD CONSTRAINT "user_vendors_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_customers" ADD CONSTRAINT "vendor_customers_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_customers" ADD CONSTRAINT "vendor_customers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_shipping_addresses" ADD CONSTRAINT "vendor_shipping_addresses_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_currency_type_id_currencies_id_fk" FOREIGN KEY ("currency_type_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cost_tiers_subcode_qty_currency" ON "cost_tiers" USING btree ("product_subcode_id","quantity","currency_id");--> statement-breakpoint
CREATE INDEX "order_charges_order" ON "order_charges" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_documents_order" ON "order_documents" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_item_sizes_item" ON "order_item_sizes" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "order_item_sizes_product_item" ON "order_item_sizes" USING btree ("product_item_id");--> statement-breakpoint
CREATE INDEX "order_items_order" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_logs_order" ON "order_logs" USING btree ("order_id","timestamp");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_cart_per_user" ON "orders" USING btree ("user_id") WHERE order_status = 'PENDING';--> statement-breakpoint
CREATE INDEX "orders_order_date" ON "orders" USING btree ("order_date","id");--> statement-breakpoint
CREATE INDEX "orders_customer_date" ON "orders" USING btree ("customer_id","order_date");--> statement-breakpoint
CREATE INDEX "orders_vendor_date" ON "orders" USING btree ("vendor_id","order_date");--> statement-breakpoint
CREATE INDEX "orders_region_date" ON "orders" USING btree ("production_region_id","order_date");--> statement-breakpoint
CREATE INDEX "orders_status_date" ON "orders" USING btree ("order_status","order_date");--> statement-breakpoint
CREATE UNIQUE INDEX "price_tiers_subcode_qty_currency" ON "price_tiers" USING btree ("product_subcode_id","quantity","currency_id");--> statement-breakpoint
CREATE INDEX "product_items_subcode" ON "product_items" USING btree ("product_subcode_id","sort_key");--> statement-breakpoint
CREATE INDEX "product_items_group" ON "product_items" USING btree ("product_group_id");--> statement-breakpoint
CREATE INDEX "product_items_po" ON "product_items" USING btree ("po_number");--> statement-breakpoint
CREATE UNIQUE INDEX "product_subcodes_customer_subcode" ON "product_subcodes" USING btree ("customer_id","product_subcode");--> statement-breakpoint
CREATE INDEX "product_subcodes_product_code" ON "product_subcodes" USING btree ("product_code_id");--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "vendor_customers_customer" ON "vendor_customers" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_shipping_addresses_vendor_option" ON "vendor_shipping_addresses" USING btree ("vendor_id","option_name");