ALTER TABLE "coursewares" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "modules" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;