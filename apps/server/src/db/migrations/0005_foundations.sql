CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "school_memberships" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "school_memberships_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_memberships_role_check" CHECK ("school_memberships"."role" in ('SA', 'IN'))
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"school_id" integer,
	"actor_id" integer,
	"type" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" integer NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bundle_courses" DROP CONSTRAINT "bundle_courses_bundle_id_bundles_id_fk";
--> statement-breakpoint
ALTER TABLE "bundle_courses" DROP CONSTRAINT "bundle_courses_course_id_courses_id_fk";
--> statement-breakpoint
ALTER TABLE "class_schedules" DROP CONSTRAINT "class_schedules_class_id_classes_id_fk";
--> statement-breakpoint
ALTER TABLE "classes" DROP CONSTRAINT "classes_course_id_courses_id_fk";
--> statement-breakpoint
ALTER TABLE "coursewares" DROP CONSTRAINT "coursewares_module_id_modules_id_fk";
--> statement-breakpoint
ALTER TABLE "modules" DROP CONSTRAINT "modules_course_id_courses_id_fk";
--> statement-breakpoint
ALTER TABLE "bundle_enrollments" DROP CONSTRAINT "bundle_enrollments_bundle_id_bundles_id_fk";
--> statement-breakpoint
ALTER TABLE "enrollments" DROP CONSTRAINT "enrollments_course_id_courses_id_fk";
--> statement-breakpoint
ALTER TABLE "bundle_courses" ADD COLUMN "school_id" integer;
--> statement-breakpoint
ALTER TABLE "class_schedules" ADD COLUMN "school_id" integer;
--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "school_id" integer;
--> statement-breakpoint
ALTER TABLE "coursewares" ADD COLUMN "school_id" integer;
--> statement-breakpoint
ALTER TABLE "modules" ADD COLUMN "school_id" integer;
--> statement-breakpoint
ALTER TABLE "bundle_enrollments" ADD COLUMN "school_id" integer;
--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "school_id" integer;
--> statement-breakpoint
UPDATE "modules" m SET "school_id" = c."school_id" FROM "courses" c WHERE c."id" = m."course_id";
--> statement-breakpoint
UPDATE "coursewares" w SET "school_id" = m."school_id" FROM "modules" m WHERE m."id" = w."module_id";
--> statement-breakpoint
UPDATE "classes" k SET "school_id" = c."school_id" FROM "courses" c WHERE c."id" = k."course_id";
--> statement-breakpoint
UPDATE "class_schedules" s SET "school_id" = k."school_id" FROM "classes" k WHERE k."id" = s."class_id";
--> statement-breakpoint
UPDATE "bundle_courses" b SET "school_id" = x."school_id" FROM "bundles" x WHERE x."id" = b."bundle_id";
--> statement-breakpoint
DELETE FROM "bundle_courses" b USING "courses" c WHERE c."id" = b."course_id" AND c."school_id" <> b."school_id";
--> statement-breakpoint
UPDATE "enrollments" e SET "school_id" = c."school_id" FROM "courses" c WHERE c."id" = e."course_id";
--> statement-breakpoint
UPDATE "bundle_enrollments" e SET "school_id" = x."school_id" FROM "bundles" x WHERE x."id" = e."bundle_id";
--> statement-breakpoint
INSERT INTO "school_memberships" ("user_id", "school_id", "role") SELECT "id", "school_id", "role" FROM "users" WHERE "role" IN ('SA', 'IN') AND "school_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "bundle_courses" ALTER COLUMN "school_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "class_schedules" ALTER COLUMN "school_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "classes" ALTER COLUMN "school_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "coursewares" ALTER COLUMN "school_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "modules" ALTER COLUMN "school_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "bundle_enrollments" ALTER COLUMN "school_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "enrollments" ALTER COLUMN "school_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "bundles" ADD CONSTRAINT "bundles_school_id_id_key" UNIQUE("school_id","id");
--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_school_id_id_key" UNIQUE("school_id","id");
--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_school_id_id_key" UNIQUE("school_id","id");
--> statement-breakpoint
ALTER TABLE "coursewares" ADD CONSTRAINT "coursewares_school_id_id_key" UNIQUE("school_id","id");
--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_school_id_id_key" UNIQUE("school_id","id");
--> statement-breakpoint
ALTER TABLE "school_memberships" ADD CONSTRAINT "school_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "school_memberships" ADD CONSTRAINT "school_memberships_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "school_memberships_user_school_key" ON "school_memberships" USING btree ("user_id","school_id");
--> statement-breakpoint
CREATE INDEX "school_memberships_school_idx" ON "school_memberships" USING btree ("school_id");
--> statement-breakpoint
CREATE INDEX "events_school_created_idx" ON "events" USING btree ("school_id","created_at");
--> statement-breakpoint
CREATE INDEX "events_subject_idx" ON "events" USING btree ("subject_type","subject_id");
--> statement-breakpoint
CREATE INDEX "events_type_created_idx" ON "events" USING btree ("type","created_at");
--> statement-breakpoint
ALTER TABLE "bundle_enrollments" ADD CONSTRAINT "bundle_enrollments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "bundles_name_trgm_idx" ON "bundles" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "courses_name_trgm_idx" ON "courses" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "bundle_enrollments_school_idx" ON "bundle_enrollments" USING btree ("school_id");
--> statement-breakpoint
CREATE INDEX "enrollments_school_date_idx" ON "enrollments" USING btree ("school_id","date_enrolled");
--> statement-breakpoint
ALTER TABLE "bundle_courses" ADD CONSTRAINT "bundle_courses_bundle_fk" FOREIGN KEY ("school_id","bundle_id") REFERENCES "public"."bundles"("school_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bundle_courses" ADD CONSTRAINT "bundle_courses_course_fk" FOREIGN KEY ("school_id","course_id") REFERENCES "public"."courses"("school_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "class_schedules" ADD CONSTRAINT "class_schedules_class_fk" FOREIGN KEY ("school_id","class_id") REFERENCES "public"."classes"("school_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_course_fk" FOREIGN KEY ("school_id","course_id") REFERENCES "public"."courses"("school_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "coursewares" ADD CONSTRAINT "coursewares_module_fk" FOREIGN KEY ("school_id","module_id") REFERENCES "public"."modules"("school_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_course_fk" FOREIGN KEY ("school_id","course_id") REFERENCES "public"."courses"("school_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bundle_enrollments" ADD CONSTRAINT "bundle_enrollments_bundle_fk" FOREIGN KEY ("school_id","bundle_id") REFERENCES "public"."bundles"("school_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_course_fk" FOREIGN KEY ("school_id","course_id") REFERENCES "public"."courses"("school_id","id") ON DELETE cascade ON UPDATE no action;
