CREATE TABLE "class_attendance" (
	"school_id" integer NOT NULL,
	"enrollment_id" integer NOT NULL,
	"courseware_id" integer NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"left_at" timestamp with time zone,
	"seconds" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "class_attendance_enrollment_id_courseware_id_pk" PRIMARY KEY("enrollment_id","courseware_id"),
	CONSTRAINT "class_attendance_seconds_check" CHECK ("class_attendance"."seconds" >= 0)
);
--> statement-breakpoint
ALTER TABLE "conference_rooms" ALTER COLUMN "code" SET DEFAULT replace(gen_random_uuid()::text, '-', '');--> statement-breakpoint
ALTER TABLE "conference_rooms" ADD COLUMN "attendance_minutes" integer;--> statement-breakpoint
ALTER TABLE "courseware_progress" ADD COLUMN "watched_seconds" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "courseware_progress" ADD COLUMN "clock_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- The time already saved counts as watched: a student part-way through a lesson keeps going from there.
UPDATE "courseware_progress" SET "watched_seconds" = "seconds";--> statement-breakpoint
ALTER TABLE "courseware_progress" DROP COLUMN "opened_seconds";--> statement-breakpoint
-- Rooms were opened by guessable codes: every room gets an unguessable one.
UPDATE "conference_rooms" SET "code" = replace(gen_random_uuid()::text, '-', '');--> statement-breakpoint
ALTER TABLE "class_attendance" ADD CONSTRAINT "class_attendance_enrollment_fk" FOREIGN KEY ("school_id","enrollment_id") REFERENCES "public"."enrollments"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_attendance" ADD CONSTRAINT "class_attendance_courseware_fk" FOREIGN KEY ("school_id","courseware_id") REFERENCES "public"."coursewares"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conference_rooms" ADD CONSTRAINT "conference_rooms_code_key" UNIQUE("code");--> statement-breakpoint
ALTER TABLE "conference_rooms" ADD CONSTRAINT "conference_rooms_attendance_minutes_check" CHECK ("conference_rooms"."attendance_minutes" >= 0);--> statement-breakpoint
ALTER TABLE "courseware_progress" ADD CONSTRAINT "courseware_progress_watched_check" CHECK ("courseware_progress"."watched_seconds" >= 0);