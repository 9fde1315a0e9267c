CREATE TABLE "staff_exports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"school_id" integer NOT NULL,
	"requested_by" integer NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text NOT NULL,
	"file_key" text,
	"rows" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "staff_exports_state_check" CHECK ("staff_exports"."state" in ('queued', 'running', 'ready', 'failed')),
	CONSTRAINT "staff_exports_file_check" CHECK (("staff_exports"."state" = 'ready') = ("staff_exports"."file_key" is not null))
);
--> statement-breakpoint
ALTER TABLE "staff_exports" ADD CONSTRAINT "staff_exports_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_exports" ADD CONSTRAINT "staff_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_exports_requester_idx" ON "staff_exports" USING btree ("requested_by","created_at");