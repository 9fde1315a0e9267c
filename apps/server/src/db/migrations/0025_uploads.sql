CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"owner_id" integer,
	"filename" text NOT NULL,
	"declared_type" text NOT NULL,
	"bytes" bigint NOT NULL,
	"state" text DEFAULT 'receiving' NOT NULL,
	"kind" text,
	"mime" text,
	"media_seconds" integer,
	"width" integer,
	"height" integer,
	"poster" text,
	"problem" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"attached_at" timestamp with time zone,
	CONSTRAINT "uploads_id_check" CHECK ("uploads"."id" ~ '^[0-9a-f]{32}$'),
	CONSTRAINT "uploads_bytes_check" CHECK ("uploads"."bytes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "coursewares" DROP CONSTRAINT "coursewares_media_seconds_check";--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "upload_max_bytes" bigint DEFAULT 10000000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "upload_quota_bytes" bigint DEFAULT 500000000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_school_idx" ON "uploads" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "uploads_unattached_idx" ON "uploads" USING btree ("created_at") WHERE "uploads"."attached_at" is null;--> statement-breakpoint
ALTER TABLE "coursewares" ADD CONSTRAINT "coursewares_media_seconds_check" CHECK ("coursewares"."type" not in ('video', 'audio', 'ivideo', 'yt', 'sc') or ("coursewares"."file" is null and "coursewares"."url" is null) or coalesce("coursewares"."media_seconds", 0) > 0);--> statement-breakpoint
UPDATE "coursewares" SET "file" = 'seed/private/lessons/' || substr("file", length('seed/lessons/') + 1) WHERE "file" LIKE 'seed/lessons/%';
