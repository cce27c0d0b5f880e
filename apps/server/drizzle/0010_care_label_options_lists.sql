CREATE TABLE "care_list_items" (
	"list_id" integer NOT NULL,
	"list_kind" text NOT NULL,
	"option_id" integer NOT NULL,
	"option_kind" text NOT NULL,
	CONSTRAINT "care_list_items_list_id_option_id_pk" PRIMARY KEY("list_id","option_id"),
	CONSTRAINT "care_list_items_kinds" CHECK ("care_list_items"."option_kind" = "care_list_items"."list_kind"
        or ("care_list_items"."list_kind" = 'fabric-composition' and "care_list_items"."option_kind" in ('component-type','material')))
);
--> statement-breakpoint
CREATE TABLE "care_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "care_lists_id_kind" UNIQUE("id","kind"),
	CONSTRAINT "care_lists_kind" CHECK ("care_lists"."kind" in ('country-of-origin','caution-maintenance','special-instruction','fabric-composition','care-code','care-instruction'))
);
--> statement-breakpoint
CREATE TABLE "care_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text,
	"code" text,
	"text" text,
	"type" text,
	"display_name" text,
	"icon" text,
	"sort_key" integer,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "care_options_id_kind" UNIQUE("id","kind"),
	CONSTRAINT "care_options_kind" CHECK ("care_options"."kind" in ('country-of-origin','caution-maintenance','special-instruction','component-type','material','care-code','care-instruction')),
	CONSTRAINT "care_options_fields" CHECK (("care_options"."kind" in ('country-of-origin','caution-maintenance','special-instruction','component-type','material') and "care_options"."name" is not null)
        or ("care_options"."kind" = 'care-code' and "care_options"."code" is not null and "care_options"."text" is not null)
        or ("care_options"."kind" = 'care-instruction' and "care_options"."type" in ('WASH','BLEACH','DRY','IRON','DRYCLEAN')
            and "care_options"."display_name" is not null and "care_options"."icon" is not null and "care_options"."sort_key" >= 0))
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "caution_maintenance_list_id" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "fabric_composition_list_id" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "care_instruction_list_id" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "care_code_list_id" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "country_of_origin_list_id" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "special_instructions_list_id" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "country_of_origin_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "special_instructions_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "markets" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "ca_number" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "rn_number" text;--> statement-breakpoint
ALTER TABLE "product_subcodes" ADD COLUMN "care_label_type" text;--> statement-breakpoint
ALTER TABLE "care_list_items" ADD CONSTRAINT "care_list_items_list_fk" FOREIGN KEY ("list_id","list_kind") REFERENCES "public"."care_lists"("id","kind") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_list_items" ADD CONSTRAINT "care_list_items_option_fk" FOREIGN KEY ("option_id","option_kind") REFERENCES "public"."care_options"("id","kind") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_list_items_option" ON "care_list_items" USING btree ("option_id");--> statement-breakpoint
CREATE UNIQUE INDEX "care_lists_kind_name" ON "care_lists" USING btree ("kind","name");--> statement-breakpoint
CREATE UNIQUE INDEX "care_options_kind_name" ON "care_options" USING btree ("kind","name");--> statement-breakpoint
CREATE UNIQUE INDEX "care_options_kind_code" ON "care_options" USING btree ("kind","code");--> statement-breakpoint
CREATE UNIQUE INDEX "care_options_kind_type_display_name" ON "care_options" USING btree ("kind","type","display_name");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_caution_maintenance_list_id_care_lists_id_fk" FOREIGN KEY ("caution_maintenance_list_id") REFERENCES "public"."care_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_fabric_composition_list_id_care_lists_id_fk" FOREIGN KEY ("fabric_composition_list_id") REFERENCES "public"."care_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_care_instruction_list_id_care_lists_id_fk" FOREIGN KEY ("care_instruction_list_id") REFERENCES "public"."care_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_care_code_list_id_care_lists_id_fk" FOREIGN KEY ("care_code_list_id") REFERENCES "public"."care_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_country_of_origin_list_id_care_lists_id_fk" FOREIGN KEY ("country_of_origin_list_id") REFERENCES "public"."care_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_special_instructions_list_id_care_lists_id_fk" FOREIGN KEY ("special_instructions_list_id") REFERENCES "public"."care_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_subcodes" ADD CONSTRAINT "product_subcodes_care_label_type" CHECK ("product_subcodes"."care_label_type" in ('CARELABEL_STANDARD','CARELABEL_BY_CODE'));