CREATE TABLE "catalogue_counts" (
	"school_id" integer PRIMARY KEY NOT NULL,
	"published_courses" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "courses_school_created_idx";--> statement-breakpoint
DROP INDEX "courses_school_fee_idx";--> statement-breakpoint
DROP INDEX "courses_school_name_idx";--> statement-breakpoint
CREATE INDEX "courses_featured_idx" ON "courses" USING btree ("school_id","created_at") WHERE "courses"."is_featured" and "courses"."is_published";--> statement-breakpoint
CREATE INDEX "courses_school_created_idx" ON "courses" USING btree ("school_id","created_at","id") WHERE "courses"."is_published";--> statement-breakpoint
CREATE INDEX "courses_school_fee_idx" ON "courses" USING btree ("school_id","fee","id") WHERE "courses"."is_published";--> statement-breakpoint
CREATE INDEX "courses_school_name_idx" ON "courses" USING btree ("school_id","name","id") WHERE "courses"."is_published";