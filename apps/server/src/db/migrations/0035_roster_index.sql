DROP INDEX "enrollments_course_idx";--> statement-breakpoint
CREATE INDEX "enrollments_course_date_idx" ON "enrollments" USING btree ("course_id","date_enrolled","id");