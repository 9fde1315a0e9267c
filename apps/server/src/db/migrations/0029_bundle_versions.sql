ALTER TABLE "bundle_enrollments" DROP CONSTRAINT "bundle_enrollments_bundle_fk";
--> statement-breakpoint
ALTER TABLE "payment_transactions" DROP CONSTRAINT "payment_transactions_bundle_fk";
--> statement-breakpoint
ALTER TABLE "bundles" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "bundle_enrollments" ADD CONSTRAINT "bundle_enrollments_bundle_fk" FOREIGN KEY ("school_id","bundle_id") REFERENCES "public"."bundles"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_bundle_fk" FOREIGN KEY ("school_id","bundle_id") REFERENCES "public"."bundles"("school_id","id") ON DELETE no action ON UPDATE no action;