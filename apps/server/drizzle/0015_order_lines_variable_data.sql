ALTER TABLE "order_item_sizes" ADD COLUMN "variable_data_row_id" integer;--> statement-breakpoint
ALTER TABLE "order_item_sizes" ADD COLUMN "variable_data" jsonb;