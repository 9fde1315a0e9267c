ALTER TABLE "bundles" DROP CONSTRAINT "bundles_subcategory_id_subcategories_id_fk";
--> statement-breakpoint
ALTER TABLE "courses" DROP CONSTRAINT "courses_subcategory_id_subcategories_id_fk";
--> statement-breakpoint
DROP INDEX "categories_school_name_key";--> statement-breakpoint
DROP INDEX "subcategories_category_name_key";--> statement-breakpoint
ALTER TABLE "bundles" ADD CONSTRAINT "bundles_subcategory_id_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."subcategories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_subcategory_id_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."subcategories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_school_lower_name_key" ON "categories" USING btree ("school_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "subcategories_category_lower_name_key" ON "subcategories" USING btree ("category_id",lower("name"));