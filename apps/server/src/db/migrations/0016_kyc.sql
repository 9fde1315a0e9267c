CREATE TABLE "kyc_ids" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kyc_ids_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"school_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"template_id" integer NOT NULL,
	"submission_id" integer NOT NULL,
	"photo_key" text,
	"embedding" jsonb,
	"faces" smallint,
	"score" numeric(5, 4),
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone,
	CONSTRAINT "kyc_ids_position_check" CHECK ("kyc_ids"."position" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "kyc_snapshots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kyc_snapshots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"school_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"enrollment_id" integer NOT NULL,
	"image_key" text,
	"faces" smallint NOT NULL,
	"score" numeric(5, 4),
	"result" text NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_snapshots_result_check" CHECK ("kyc_snapshots"."result" in ('match', 'unverified', 'no_face', 'many_faces', 'mismatch'))
);
--> statement-breakpoint
CREATE TABLE "kyc_submissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kyc_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"school_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"mode" text NOT NULL,
	"status" text NOT NULL,
	"selfie_key" text,
	"selfie_embedding" jsonb,
	"selfie_faces" smallint,
	"errors" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reason" text,
	"reviewed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"photos_removed_at" timestamp with time zone,
	CONSTRAINT "kyc_submissions_school_id_id_key" UNIQUE("school_id","id"),
	CONSTRAINT "kyc_submissions_mode_check" CHECK ("kyc_submissions"."mode" in ('automatic', 'manual')),
	CONSTRAINT "kyc_submissions_status_check" CHECK ("kyc_submissions"."status" in ('pending', 'manual', 'verified', 'failed', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "kyc_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kyc_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"school_id" integer NOT NULL,
	"template_name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "kyc_templates_school_id_id_key" UNIQUE("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "kyc_retention_days" integer DEFAULT 365 NOT NULL;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "snapshot_paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kyc_ids" ADD CONSTRAINT "kyc_ids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_ids" ADD CONSTRAINT "kyc_ids_template_fk" FOREIGN KEY ("school_id","template_id") REFERENCES "public"."kyc_templates"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_ids" ADD CONSTRAINT "kyc_ids_submission_fk" FOREIGN KEY ("school_id","submission_id") REFERENCES "public"."kyc_submissions"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_snapshots" ADD CONSTRAINT "kyc_snapshots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_snapshots" ADD CONSTRAINT "kyc_snapshots_enrollment_fk" FOREIGN KEY ("school_id","enrollment_id") REFERENCES "public"."enrollments"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_templates" ADD CONSTRAINT "kyc_templates_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_ids_user_school_position_key" ON "kyc_ids" USING btree ("user_id","school_id","position");--> statement-breakpoint
CREATE INDEX "kyc_snapshots_enrollment_idx" ON "kyc_snapshots" USING btree ("enrollment_id","taken_at");--> statement-breakpoint
CREATE INDEX "kyc_submissions_user_idx" ON "kyc_submissions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "kyc_submissions_queue_idx" ON "kyc_submissions" USING btree ("school_id","status","created_at");--> statement-breakpoint
CREATE INDEX "kyc_templates_school_idx" ON "kyc_templates" USING btree ("school_id","position");