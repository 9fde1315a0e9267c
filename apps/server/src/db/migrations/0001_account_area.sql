CREATE TABLE "compliance_periods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "compliance_periods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"date_start" date NOT NULL,
	"date_end" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"iso2" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"calling_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ibp_chapters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ibp_chapters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"region" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "law_schools" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "law_schools_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lookup_versions" (
	"dataset" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ph_cities" (
	"code" text PRIMARY KEY NOT NULL,
	"province_code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ph_provinces" (
	"code" text PRIMARY KEY NOT NULL,
	"region_code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ph_regions" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ph_zip_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ph_zip_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"city_code" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mcle_profiles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mcle_profiles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" integer NOT NULL,
	"roll_number" text NOT NULL,
	"ibp_chapter_id" integer NOT NULL,
	"ibp_lifetime_no" text,
	"ibp_or_number" text,
	"ibp_or_date" date,
	"year_admitted" integer,
	"law_school_id" integer,
	"law_school_others" text,
	"company" text NOT NULL,
	"position" text NOT NULL,
	"address" text NOT NULL,
	"region_code" text NOT NULL,
	"province_code" text NOT NULL,
	"city_code" text NOT NULL,
	"zip_code" text NOT NULL,
	"home_address" text,
	"home_same_as_mailing" boolean DEFAULT false NOT NULL,
	"work_address" text,
	"work_same_as_mailing" boolean DEFAULT false NOT NULL,
	"telephone_number" text,
	"fax_number" text,
	"birth_place" text,
	"civil_status" text,
	"consented_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mcle_profiles_law_school_check" CHECK (("mcle_profiles"."law_school_id" is null) <> ("mcle_profiles"."law_school_others" is null))
);
--> statement-breakpoint
ALTER TABLE "mcle_profiles" ADD CONSTRAINT "mcle_profiles_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcle_profiles" ADD CONSTRAINT "mcle_profiles_ibp_chapter_id_ibp_chapters_id_fk" FOREIGN KEY ("ibp_chapter_id") REFERENCES "public"."ibp_chapters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcle_profiles" ADD CONSTRAINT "mcle_profiles_law_school_id_law_schools_id_fk" FOREIGN KEY ("law_school_id") REFERENCES "public"."law_schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "compliance_periods_number_key" ON "compliance_periods" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "ibp_chapters_name_key" ON "ibp_chapters" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "law_schools_name_key" ON "law_schools" USING btree ("name");--> statement-breakpoint
CREATE INDEX "ph_cities_province_idx" ON "ph_cities" USING btree ("province_code");--> statement-breakpoint
CREATE INDEX "ph_provinces_region_idx" ON "ph_provinces" USING btree ("region_code");--> statement-breakpoint
CREATE INDEX "ph_zip_codes_city_idx" ON "ph_zip_codes" USING btree ("city_code");--> statement-breakpoint
CREATE UNIQUE INDEX "mcle_profiles_student_id_key" ON "mcle_profiles" USING btree ("student_id");