CREATE TABLE "exam_attempt_allowances" (
	"enrollment_id" integer NOT NULL,
	"exam_id" integer NOT NULL,
	"extra" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_attempt_allowances_enrollment_id_exam_id_pk" PRIMARY KEY("enrollment_id","exam_id"),
	CONSTRAINT "exam_attempt_allowances_extra_check" CHECK ("exam_attempt_allowances"."extra" > 0)
);
--> statement-breakpoint
ALTER TABLE "exam_attempt_allowances" ADD CONSTRAINT "exam_attempt_allowances_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempt_allowances" ADD CONSTRAINT "exam_attempt_allowances_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;