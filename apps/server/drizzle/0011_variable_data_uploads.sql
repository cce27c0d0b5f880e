CREATE TABLE "data_upload_refusals" (
	"id" serial PRIMARY KEY NOT NULL,
	"data_upload_id" integer NOT NULL,
	"line" integer,
	"field" text NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"uploaded_by" integer,
	"layout" text NOT NULL,
	"file_key" text,
	"file_name" text NOT NULL,
	"file_size" bigint DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_total" integer,
	"report" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "variable_data_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_item_id" integer NOT NULL,
	"data_upload_id" integer,
	"line" integer NOT NULL,
	"vendor_number" varchar(10) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"size" text NOT NULL,
	"colour" text DEFAULT '' NOT NULL,
	"barcode" varchar(14) NOT NULL,
	"prices" jsonb NOT NULL,
	"quantity" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "variable_data_staging" (
	"data_upload_id" integer NOT NULL,
	"product_subcode_id" integer NOT NULL,
	"line" integer NOT NULL,
	"vendor_number" varchar(10) NOT NULL,
	"po_number" text NOT NULL,
	"po_date" date,
	"style_number" text NOT NULL,
	"ticket_type" text NOT NULL,
	"description" text NOT NULL,
	"size" text NOT NULL,
	"colour" text NOT NULL,
	"barcode" varchar(14) NOT NULL,
	"prices" jsonb NOT NULL,
	"quantity" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_upload_refusals" ADD CONSTRAINT "data_upload_refusals_data_upload_id_data_uploads_id_fk" FOREIGN KEY ("data_upload_id") REFERENCES "public"."data_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_uploads" ADD CONSTRAINT "data_uploads_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_uploads" ADD CONSTRAINT "data_uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variable_data_rows" ADD CONSTRAINT "variable_data_rows_product_item_id_product_items_id_fk" FOREIGN KEY ("product_item_id") REFERENCES "public"."product_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variable_data_rows" ADD CONSTRAINT "variable_data_rows_data_upload_id_data_uploads_id_fk" FOREIGN KEY ("data_upload_id") REFERENCES "public"."data_uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variable_data_staging" ADD CONSTRAINT "variable_data_staging_data_upload_id_data_uploads_id_fk" FOREIGN KEY ("data_upload_id") REFERENCES "public"."data_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_upload_refusals_upload" ON "data_upload_refusals" USING btree ("data_upload_id","line");--> statement-breakpoint
CREATE INDEX "data_uploads_uploaded_by" ON "data_uploads" USING btree ("uploaded_by","id");--> statement-breakpoint
CREATE INDEX "data_uploads_file_key" ON "data_uploads" USING btree ("file_key");--> statement-breakpoint
CREATE INDEX "variable_data_rows_item" ON "variable_data_rows" USING btree ("product_item_id","line");--> statement-breakpoint
CREATE INDEX "variable_data_rows_vendor" ON "variable_data_rows" USING btree ("vendor_number");--> statement-breakpoint
CREATE INDEX "variable_data_staging_upload" ON "variable_data_staging" USING btree ("data_upload_id","line");--> statement-breakpoint
CREATE UNIQUE INDEX "product_items_variable_data_key" ON "product_items" USING btree ("product_subcode_id","po_number","style_number") WHERE product_type = 'VARIABLE_DATA';