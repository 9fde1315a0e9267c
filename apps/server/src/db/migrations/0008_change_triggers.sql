-- Each server process keeps schools (host -> school) and their socials in memory
-- (modules/tenancy/school-cache.ts). Any change to them, by whichever process or by hand, NOTIFYs
-- 'school_changed' with the school's id ('' after a TRUNCATE: every school), and every process LISTENs.
CREATE FUNCTION "notify_school_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('school_changed', '');
  ELSIF TG_TABLE_NAME = 'schools' THEN
    IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('school_changed', OLD."id"::text); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('school_changed', NEW."id"::text); END IF;
  ELSE
    IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('school_changed', OLD."school_id"::text); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('school_changed', NEW."school_id"::text); END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "schools_notify" AFTER INSERT OR UPDATE OR DELETE ON "schools" FOR EACH ROW EXECUTE FUNCTION "notify_school_changed"();
--> statement-breakpoint
CREATE TRIGGER "schools_notify_truncate" AFTER TRUNCATE ON "schools" FOR EACH STATEMENT EXECUTE FUNCTION "notify_school_changed"();
--> statement-breakpoint
CREATE TRIGGER "school_socials_notify" AFTER INSERT OR UPDATE OR DELETE ON "school_socials" FOR EACH ROW EXECUTE FUNCTION "notify_school_changed"();
--> statement-breakpoint
CREATE TRIGGER "school_socials_notify_truncate" AFTER TRUNCATE ON "school_socials" FOR EACH STATEMENT EXECUTE FUNCTION "notify_school_changed"();
--> statement-breakpoint
-- catalogue_counts.published_courses follows every statement on courses (one upsert per school a statement
-- touched, from its transition tables), so the course list reads its count instead of counting.
CREATE FUNCTION "count_published_courses"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "catalogue_counts" SET "published_courses" = 0;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "catalogue_counts" AS c ("school_id", "published_courses")
    SELECT "school_id", count(*) FROM "new_courses" WHERE "is_published" GROUP BY "school_id"
    ON CONFLICT ("school_id") DO UPDATE SET "published_courses" = c."published_courses" + excluded."published_courses";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "catalogue_counts" AS c ("school_id", "published_courses")
    SELECT "school_id", -count(*) FROM "old_courses" WHERE "is_published" GROUP BY "school_id"
    ON CONFLICT ("school_id") DO UPDATE SET "published_courses" = c."published_courses" + excluded."published_courses";
  ELSE
    INSERT INTO "catalogue_counts" AS c ("school_id", "published_courses")
    SELECT d."school_id", sum(d."n") FROM (
      SELECT "school_id", 1 AS "n" FROM "new_courses" WHERE "is_published"
      UNION ALL
      SELECT "school_id", -1 FROM "old_courses" WHERE "is_published"
    ) d
    GROUP BY d."school_id"
    HAVING sum(d."n") <> 0
    ON CONFLICT ("school_id") DO UPDATE SET "published_courses" = c."published_courses" + excluded."published_courses";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- (A trigger with transition tables takes one event: one trigger per event.)
CREATE TRIGGER "courses_count_insert" AFTER INSERT ON "courses" REFERENCING NEW TABLE AS "new_courses" FOR EACH STATEMENT EXECUTE FUNCTION "count_published_courses"();
--> statement-breakpoint
CREATE TRIGGER "courses_count_update" AFTER UPDATE ON "courses" REFERENCING OLD TABLE AS "old_courses" NEW TABLE AS "new_courses" FOR EACH STATEMENT EXECUTE FUNCTION "count_published_courses"();
--> statement-breakpoint
CREATE TRIGGER "courses_count_delete" AFTER DELETE ON "courses" REFERENCING OLD TABLE AS "old_courses" FOR EACH STATEMENT EXECUTE FUNCTION "count_published_courses"();
--> statement-breakpoint
CREATE TRIGGER "courses_count_truncate" AFTER TRUNCATE ON "courses" FOR EACH STATEMENT EXECUTE FUNCTION "count_published_courses"();
--> statement-breakpoint
INSERT INTO "catalogue_counts" ("school_id", "published_courses")
SELECT "school_id", count(*) FROM "courses" WHERE "is_published" GROUP BY "school_id"
ON CONFLICT ("school_id") DO UPDATE SET "published_courses" = excluded."published_courses";
