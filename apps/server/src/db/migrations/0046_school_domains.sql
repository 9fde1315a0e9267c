CREATE TABLE "school_domains" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "school_domains_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"school_id" integer NOT NULL,
	"host" text NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "school_domains" ADD CONSTRAINT "school_domains_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "school_domains_host_key" ON "school_domains" USING btree ("host");--> statement-breakpoint
CREATE UNIQUE INDEX "school_domains_primary_key" ON "school_domains" USING btree ("school_id") WHERE "school_domains"."is_primary";--> statement-breakpoint
CREATE INDEX "school_domains_school_idx" ON "school_domains" USING btree ("school_id");--> statement-breakpoint
-- A host name moving between schools changes what other cached hosts resolve to (a custom host may shadow
-- another school's first label), so any change to school_domains drops every process's whole school cache.
CREATE TRIGGER "school_domains_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "school_domains" FOR EACH STATEMENT EXECUTE FUNCTION "notify_school_changed"();
--> statement-breakpoint
-- What SCHOOL_ALIASES answered by default until now (localhost=demo,127.0.0.1=demo), kept for an existing
-- installation with a `demo` school; a fresh one gets them from the demo seed.
INSERT INTO "school_domains" ("school_id", "host") SELECT "id", v."host" FROM "schools", (VALUES ('localhost'), ('127.0.0.1')) AS v("host") WHERE "domain" = 'demo' ON CONFLICT DO NOTHING;
