ALTER TABLE "courses" ADD COLUMN "enrolment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "courses_school_top_idx" ON "courses" USING btree ("school_id","enrolment_count","created_at") WHERE "courses"."is_published";--> statement-breakpoint
-- courses.enrolment_count follows every statement on enrollments (one UPDATE per statement, from its
-- transition tables, however many rows it touched), so the landing's top courses read an index instead of
-- counting a school's enrolments on every request.
CREATE FUNCTION "count_course_enrolments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "courses" SET "enrolment_count" = 0 WHERE "enrolment_count" <> 0;
  ELSIF TG_OP = 'INSERT' THEN
    UPDATE "courses" c SET "enrolment_count" = c."enrolment_count" + d."n"
    FROM (SELECT "course_id", count(*) AS "n" FROM "new_enrollments" GROUP BY "course_id") d
    WHERE c."id" = d."course_id";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "courses" c SET "enrolment_count" = c."enrolment_count" - d."n"
    FROM (SELECT "course_id", count(*) AS "n" FROM "old_enrollments" GROUP BY "course_id") d
    WHERE c."id" = d."course_id";
  ELSE
    UPDATE "courses" c SET "enrolment_count" = c."enrolment_count" + d."n"
    FROM (
      SELECT "course_id", sum("n") AS "n" FROM (
        SELECT "course_id", 1 AS "n" FROM "new_enrollments"
        UNION ALL
        SELECT "course_id", -1 FROM "old_enrollments"
      ) moved
      GROUP BY "course_id"
      HAVING sum("n") <> 0
    ) d
    WHERE c."id" = d."course_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- (A trigger with transition tables takes one event: one trigger per event.)
CREATE TRIGGER "enrollments_count_insert" AFTER INSERT ON "enrollments" REFERENCING NEW TABLE AS "new_enrollments" FOR EACH STATEMENT EXECUTE FUNCTION "count_course_enrolments"();
--> statement-breakpoint
CREATE TRIGGER "enrollments_count_update" AFTER UPDATE ON "enrollments" REFERENCING OLD TABLE AS "old_enrollments" NEW TABLE AS "new_enrollments" FOR EACH STATEMENT EXECUTE FUNCTION "count_course_enrolments"();
--> statement-breakpoint
CREATE TRIGGER "enrollments_count_delete" AFTER DELETE ON "enrollments" REFERENCING OLD TABLE AS "old_enrollments" FOR EACH STATEMENT EXECUTE FUNCTION "count_course_enrolments"();
--> statement-breakpoint
CREATE TRIGGER "enrollments_count_truncate" AFTER TRUNCATE ON "enrollments" FOR EACH STATEMENT EXECUTE FUNCTION "count_course_enrolments"();
--> statement-breakpoint
UPDATE "courses" c SET "enrolment_count" = d."n"
FROM (SELECT "course_id", count(*) AS "n" FROM "enrollments" GROUP BY "course_id") d
WHERE c."id" = d."course_id";
