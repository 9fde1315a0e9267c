-- An enrolment's class and bundle belong to its school: composite keys, as for its course. Deleting the class
-- or bundle clears only that column (PostgreSQL 15's column list; Drizzle's schema cannot say so).
-- A reference into another school could only be a corrupt row: it is cleared rather than kept.
UPDATE "enrollments" e SET "class_id" = NULL
WHERE "class_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "classes" c WHERE c."id" = e."class_id" AND c."school_id" = e."school_id");
--> statement-breakpoint
UPDATE "enrollments" e SET "bundle_id" = NULL
WHERE "bundle_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "bundles" b WHERE b."id" = e."bundle_id" AND b."school_id" = e."school_id");
--> statement-breakpoint
ALTER TABLE "enrollments" DROP CONSTRAINT "enrollments_class_id_classes_id_fk";
--> statement-breakpoint
ALTER TABLE "enrollments" DROP CONSTRAINT "enrollments_bundle_id_bundles_id_fk";
--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_class_fk" FOREIGN KEY ("school_id","class_id") REFERENCES "public"."classes"("school_id","id") ON DELETE SET NULL ("class_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_bundle_fk" FOREIGN KEY ("school_id","bundle_id") REFERENCES "public"."bundles"("school_id","id") ON DELETE SET NULL ("bundle_id") ON UPDATE no action;
