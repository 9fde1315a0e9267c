CREATE TABLE "conference_rooms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conference_rooms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"school_id" integer NOT NULL,
	"courseware_id" integer NOT NULL,
	"name" text NOT NULL,
	"date" date NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"code" text NOT NULL,
	"use_studios" boolean DEFAULT false NOT NULL,
	"recording" text,
	CONSTRAINT "conference_rooms_courseware_key" UNIQUE("courseware_id"),
	CONSTRAINT "conference_rooms_name_key" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "courseware_progress" (
	"school_id" integer NOT NULL,
	"enrollment_id" integer NOT NULL,
	"courseware_id" integer NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	"opened_seconds" integer DEFAULT 0 NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courseware_progress_enrollment_id_courseware_id_pk" PRIMARY KEY("enrollment_id","courseware_id"),
	CONSTRAINT "courseware_progress_seconds_check" CHECK ("courseware_progress"."seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "video_question_answers" (
	"school_id" integer NOT NULL,
	"enrollment_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"correct" boolean DEFAULT false NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"answer" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_question_answers_enrollment_id_question_id_pk" PRIMARY KEY("enrollment_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "video_questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "video_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"school_id" integer NOT NULL,
	"courseware_id" integer NOT NULL,
	"type" text NOT NULL,
	"timestamp" integer NOT NULL,
	"content" text NOT NULL,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"correct_answer" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"location" jsonb DEFAULT '{"x":50,"y":50}'::jsonb NOT NULL,
	CONSTRAINT "video_questions_school_id_id_key" UNIQUE("school_id","id"),
	CONSTRAINT "video_questions_timestamp_check" CHECK ("video_questions"."timestamp" >= 0)
);
--> statement-breakpoint
ALTER TABLE "coursewares" ADD COLUMN "file" text;--> statement-breakpoint
ALTER TABLE "coursewares" ADD COLUMN "url" text;--> statement-breakpoint
ALTER TABLE "coursewares" ADD COLUMN "content" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "coursewares" ADD COLUMN "forward_streaming" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "coursewares" ADD COLUMN "media_seconds" integer;--> statement-breakpoint
ALTER TABLE "coursewares" ADD COLUMN "max_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "attempt_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "attempt_ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_school_id_id_key" UNIQUE("school_id","id");--> statement-breakpoint
ALTER TABLE "conference_rooms" ADD CONSTRAINT "conference_rooms_courseware_fk" FOREIGN KEY ("school_id","courseware_id") REFERENCES "public"."coursewares"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courseware_progress" ADD CONSTRAINT "courseware_progress_enrollment_fk" FOREIGN KEY ("school_id","enrollment_id") REFERENCES "public"."enrollments"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courseware_progress" ADD CONSTRAINT "courseware_progress_courseware_fk" FOREIGN KEY ("school_id","courseware_id") REFERENCES "public"."coursewares"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_question_answers" ADD CONSTRAINT "video_question_answers_enrollment_fk" FOREIGN KEY ("school_id","enrollment_id") REFERENCES "public"."enrollments"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_question_answers" ADD CONSTRAINT "video_question_answers_question_fk" FOREIGN KEY ("school_id","question_id") REFERENCES "public"."video_questions"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_questions" ADD CONSTRAINT "video_questions_courseware_fk" FOREIGN KEY ("school_id","courseware_id") REFERENCES "public"."coursewares"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courseware_progress_courseware_idx" ON "courseware_progress" USING btree ("courseware_id");--> statement-breakpoint
CREATE INDEX "video_questions_courseware_idx" ON "video_questions" USING btree ("courseware_id","timestamp");--> statement-breakpoint
-- NOT VALID: lessons made before have no length; they cannot be completed until staff give one.
ALTER TABLE "coursewares" ADD CONSTRAINT "coursewares_media_seconds_check" CHECK ("coursewares"."type" not in ('video', 'audio', 'ivideo', 'yt', 'sc') or coalesce("coursewares"."media_seconds", 0) > 0) NOT VALID;
