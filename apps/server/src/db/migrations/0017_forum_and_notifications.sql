CREATE TABLE "event_deliveries" (
	"event_id" bigint PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_opt_outs" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_opt_outs_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "forum_answers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "forum_answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"school_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"body" text NOT NULL,
	"body_html" text NOT NULL,
	"body_text" text NOT NULL,
	"accepted" boolean DEFAULT false NOT NULL,
	"positive_votes" integer DEFAULT 0 NOT NULL,
	"negative_votes" integer DEFAULT 0 NOT NULL,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', body_text)) STORED,
	CONSTRAINT "forum_answers_school_id_id_key" UNIQUE("school_id","id"),
	CONSTRAINT "forum_answers_question_id_id_key" UNIQUE("question_id","id"),
	CONSTRAINT "forum_answers_votes_check" CHECK ("forum_answers"."positive_votes" >= 0 and "forum_answers"."negative_votes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "forum_comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "forum_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"school_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"answer_id" integer,
	"user_id" integer NOT NULL,
	"body" text NOT NULL,
	"body_html" text NOT NULL,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forum_questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "forum_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"school_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"body_html" text NOT NULL,
	"body_text" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"source" text DEFAULT 'web' NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"answer_count" integer DEFAULT 0 NOT NULL,
	"positive_votes" integer DEFAULT 0 NOT NULL,
	"negative_votes" integer DEFAULT 0 NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"answered" boolean DEFAULT false NOT NULL,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', body_text), 'B')) STORED,
	CONSTRAINT "forum_questions_school_id_id_key" UNIQUE("school_id","id"),
	CONSTRAINT "forum_questions_counts_check" CHECK ("forum_questions"."view_count" >= 0 and "forum_questions"."answer_count" >= 0 and "forum_questions"."positive_votes" >= 0 and "forum_questions"."negative_votes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "forum_views" (
	"question_id" integer NOT NULL,
	"viewer" text NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forum_votes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "forum_votes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"school_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"question_id" integer,
	"answer_id" integer,
	"value" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_votes_value_check" CHECK ("forum_votes"."value" in (-1, 1)),
	CONSTRAINT "forum_votes_target_check" CHECK (num_nonnulls("forum_votes"."question_id", "forum_votes"."answer_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "school_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "kind" text DEFAULT 'general' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "event_deliveries" ADD CONSTRAINT "event_deliveries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_opt_outs" ADD CONSTRAINT "mail_opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_answers" ADD CONSTRAINT "forum_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_answers" ADD CONSTRAINT "forum_answers_question_fk" FOREIGN KEY ("school_id","question_id") REFERENCES "public"."forum_questions"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_comments" ADD CONSTRAINT "forum_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_comments" ADD CONSTRAINT "forum_comments_question_fk" FOREIGN KEY ("school_id","question_id") REFERENCES "public"."forum_questions"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_comments" ADD CONSTRAINT "forum_comments_answer_fk" FOREIGN KEY ("school_id","answer_id") REFERENCES "public"."forum_answers"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_comments" ADD CONSTRAINT "forum_comments_answer_question_fk" FOREIGN KEY ("answer_id","question_id") REFERENCES "public"."forum_answers"("id","question_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_questions" ADD CONSTRAINT "forum_questions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_questions" ADD CONSTRAINT "forum_questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_views" ADD CONSTRAINT "forum_views_question_id_forum_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."forum_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_votes" ADD CONSTRAINT "forum_votes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_votes" ADD CONSTRAINT "forum_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_votes" ADD CONSTRAINT "forum_votes_question_fk" FOREIGN KEY ("school_id","question_id") REFERENCES "public"."forum_questions"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_votes" ADD CONSTRAINT "forum_votes_answer_fk" FOREIGN KEY ("school_id","answer_id") REFERENCES "public"."forum_answers"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forum_answers_question_idx" ON "forum_answers" USING btree ("question_id","created_at");--> statement-breakpoint
CREATE INDEX "forum_answers_search_idx" ON "forum_answers" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "forum_answers_one_accepted_idx" ON "forum_answers" USING btree ("question_id") WHERE "forum_answers"."accepted" and "forum_answers"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "forum_comments_question_idx" ON "forum_comments" USING btree ("question_id","created_at");--> statement-breakpoint
CREATE INDEX "forum_questions_latest_idx" ON "forum_questions" USING btree ("school_id","created_at","id","answer_count") WHERE "forum_questions"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "forum_questions_unanswered_idx" ON "forum_questions" USING btree ("school_id","created_at","id") WHERE "forum_questions"."hidden_at" is null and "forum_questions"."answer_count" = 0;--> statement-breakpoint
CREATE INDEX "forum_questions_hidden_idx" ON "forum_questions" USING btree ("id") WHERE "forum_questions"."hidden_at" is not null;--> statement-breakpoint
CREATE INDEX "forum_questions_search_idx" ON "forum_questions" USING gin ("search");--> statement-breakpoint
CREATE INDEX "forum_questions_title_trgm_idx" ON "forum_questions" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "forum_questions_tags_idx" ON "forum_questions" USING gin ("tags");--> statement-breakpoint
CREATE UNIQUE INDEX "forum_views_key" ON "forum_views" USING btree ("question_id","viewer","day");--> statement-breakpoint
CREATE INDEX "forum_views_day_idx" ON "forum_views" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "forum_votes_question_user_idx" ON "forum_votes" USING btree ("question_id","user_id") WHERE "forum_votes"."question_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "forum_votes_answer_user_idx" ON "forum_votes" USING btree ("answer_id","user_id") WHERE "forum_votes"."answer_id" is not null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_key_idx" ON "notifications" USING btree ("key");