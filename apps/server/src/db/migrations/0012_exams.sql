CREATE TABLE "exam_answers" (
	"school_id" integer NOT NULL,
	"submission_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"answer" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"file" text,
	"score" numeric(8, 2),
	"is_correct" boolean,
	"feedback" text DEFAULT '' NOT NULL,
	"graded_at" timestamp with time zone,
	"graded_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_answers_submission_id_question_id_pk" PRIMARY KEY("submission_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "exam_questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"school_id" integer NOT NULL,
	"exam_id" integer NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"text" text NOT NULL,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"points" integer DEFAULT 1 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"correct_answer" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "exam_questions_school_id_id_key" UNIQUE("school_id","id"),
	CONSTRAINT "exam_questions_points_check" CHECK ("exam_questions"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "exam_submissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"school_id" integer NOT NULL,
	"exam_id" integer NOT NULL,
	"enrollment_id" integer NOT NULL,
	"attempt" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"total_score" numeric(8, 2) DEFAULT 0 NOT NULL,
	"total_points" integer DEFAULT 0 NOT NULL,
	"passed" boolean DEFAULT false NOT NULL,
	"has_pending" boolean DEFAULT false NOT NULL,
	CONSTRAINT "exam_submissions_attempt_key" UNIQUE("enrollment_id","exam_id","attempt"),
	CONSTRAINT "exam_submissions_school_id_id_key" UNIQUE("school_id","id"),
	CONSTRAINT "exam_submissions_attempt_check" CHECK ("exam_submissions"."attempt" >= 1)
);
--> statement-breakpoint
CREATE TABLE "exams" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"school_id" integer NOT NULL,
	"courseware_id" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"passing_rate" integer DEFAULT 75 NOT NULL,
	"max_attempts" integer DEFAULT 0 NOT NULL,
	"duration_minutes" integer DEFAULT 0 NOT NULL,
	"date_start" date,
	"date_end" date,
	"show_answers" boolean DEFAULT true NOT NULL,
	CONSTRAINT "exams_courseware_key" UNIQUE("courseware_id"),
	CONSTRAINT "exams_school_id_id_key" UNIQUE("school_id","id"),
	CONSTRAINT "exams_passing_rate_check" CHECK ("exams"."passing_rate" between 0 and 100),
	CONSTRAINT "exams_limits_check" CHECK ("exams"."max_attempts" >= 0 and "exams"."duration_minutes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "exam_answers" ADD CONSTRAINT "exam_answers_graded_by_users_id_fk" FOREIGN KEY ("graded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD CONSTRAINT "exam_answers_submission_fk" FOREIGN KEY ("school_id","submission_id") REFERENCES "public"."exam_submissions"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD CONSTRAINT "exam_answers_question_fk" FOREIGN KEY ("school_id","question_id") REFERENCES "public"."exam_questions"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_questions" ADD CONSTRAINT "exam_questions_exam_fk" FOREIGN KEY ("school_id","exam_id") REFERENCES "public"."exams"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_submissions" ADD CONSTRAINT "exam_submissions_exam_fk" FOREIGN KEY ("school_id","exam_id") REFERENCES "public"."exams"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_submissions" ADD CONSTRAINT "exam_submissions_enrollment_fk" FOREIGN KEY ("school_id","enrollment_id") REFERENCES "public"."enrollments"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_courseware_fk" FOREIGN KEY ("school_id","courseware_id") REFERENCES "public"."coursewares"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_questions_exam_idx" ON "exam_questions" USING btree ("exam_id","position");--> statement-breakpoint
CREATE INDEX "exam_submissions_exam_idx" ON "exam_submissions" USING btree ("exam_id");