CREATE TABLE "staff_message_recipients" (
	"message_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"emailed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_message_recipients_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "staff_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"school_id" integer NOT NULL,
	"sent_by" integer,
	"audience" text NOT NULL,
	"course_id" integer,
	"class_id" integer,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"state" text NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"emailed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "staff_messages_audience_check" CHECK ("staff_messages"."audience" in ('course', 'class', 'school')),
	CONSTRAINT "staff_messages_target_check" CHECK (("staff_messages"."audience" = 'school') = ("staff_messages"."course_id" is null) and ("staff_messages"."audience" = 'class') = ("staff_messages"."class_id" is not null)),
	CONSTRAINT "staff_messages_state_check" CHECK ("staff_messages"."state" in ('queued', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "staff_message_recipients" ADD CONSTRAINT "staff_message_recipients_message_id_staff_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."staff_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_message_recipients" ADD CONSTRAINT "staff_message_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_messages" ADD CONSTRAINT "staff_messages_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_messages" ADD CONSTRAINT "staff_messages_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_messages" ADD CONSTRAINT "staff_messages_course_fk" FOREIGN KEY ("school_id","course_id") REFERENCES "public"."courses"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_messages" ADD CONSTRAINT "staff_messages_class_fk" FOREIGN KEY ("school_id","class_id") REFERENCES "public"."classes"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_message_recipients_user_idx" ON "staff_message_recipients" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "staff_messages_school_created_idx" ON "staff_messages" USING btree ("school_id","created_at");