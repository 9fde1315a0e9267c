ALTER TABLE "exam_questions" ADD COLUMN "added_in" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_questions" ADD COLUMN "retired_in" integer;--> statement-breakpoint
ALTER TABLE "exam_submissions" ADD COLUMN "exam_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_submissions" ADD COLUMN "passing_rate" integer DEFAULT 75 NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_questions" ADD CONSTRAINT "exam_questions_versions_check" CHECK ("exam_questions"."retired_in" is null or "exam_questions"."retired_in" > "exam_questions"."added_in");--> statement-breakpoint
UPDATE "exam_submissions" SET "passing_rate" = "exams"."passing_rate" FROM "exams" WHERE "exams"."id" = "exam_submissions"."exam_id";