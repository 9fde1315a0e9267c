CREATE TABLE "payment_refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"school_id" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"cancels_enrolment" boolean NOT NULL,
	"state" text NOT NULL,
	"provider_ref" text,
	"idempotency_key" text NOT NULL,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payment_refunds_amount_check" CHECK ("payment_refunds"."amount" >= 0 and ("payment_refunds"."amount" > 0 or "payment_refunds"."cancels_enrolment")),
	CONSTRAINT "payment_refunds_state_check" CHECK ("payment_refunds"."state" in ('requested', 'pending', 'succeeded', 'failed')),
	CONSTRAINT "payment_refunds_reason_check" CHECK (length("payment_refunds"."reason") between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "bundle_enrollments" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD COLUMN "refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD COLUMN "refunds" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_transaction_fk" FOREIGN KEY ("school_id","transaction_id") REFERENCES "public"."payment_transactions"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_idempotency_key" ON "payment_refunds" USING btree ("transaction_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_cancels_key" ON "payment_refunds" USING btree ("transaction_id") WHERE "payment_refunds"."cancels_enrolment" and "payment_refunds"."state" <> 'failed';--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_refunded_check" CHECK ("payment_transactions"."refunded" >= 0 and "payment_transactions"."refunded" <= "payment_transactions"."amount");--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD CONSTRAINT "sandbox_checkouts_refunded_check" CHECK ("sandbox_checkouts"."refunded" between 0 and "sandbox_checkouts"."amount");