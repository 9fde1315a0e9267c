ALTER TABLE "courseware_progress" ALTER COLUMN "clock_at" DROP NOT NULL;--> statement-breakpoint
-- Every clock starts stopped: a lesson's time runs again once it is opened, never for the time before.
UPDATE "courseware_progress" SET "clock_at" = NULL;
