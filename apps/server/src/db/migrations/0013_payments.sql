CREATE TABLE "payment_callbacks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_callbacks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gateway" text NOT NULL,
	"event_id" text NOT NULL,
	"transaction_id" integer,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_transactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"school_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"course_id" integer,
	"class_id" integer,
	"bundle_id" integer,
	"enrollment_id" integer,
	"bundle_enrollment_id" integer,
	"compliance_period_id" integer,
	"status" text NOT NULL,
	"pay_later" boolean DEFAULT false NOT NULL,
	"subtotal" integer NOT NULL,
	"tax" integer NOT NULL,
	"fee" integer NOT NULL,
	"discount" integer NOT NULL,
	"coins" integer NOT NULL,
	"amount" integer NOT NULL,
	"processor_type" text NOT NULL,
	"processor" text,
	"channel_code" text,
	"gateway" text NOT NULL,
	"voucher_id" integer,
	"reference" text NOT NULL,
	"provider_ref" text,
	"checkout_url" text,
	"ref_code" text,
	"expires_at" timestamp with time zone,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payment_transactions_school_id_id_key" UNIQUE("school_id","id"),
	CONSTRAINT "payment_transactions_status_check" CHECK ("payment_transactions"."status" in ('notpaid', 'Pending', 'Paid', 'Failed')),
	CONSTRAINT "payment_transactions_content_type_check" CHECK ("payment_transactions"."content_type" in ('course', 'bundle', 'class')),
	CONSTRAINT "payment_transactions_amounts_check" CHECK ("payment_transactions"."subtotal" >= 0 and "payment_transactions"."tax" >= 0 and "payment_transactions"."fee" >= 0 and "payment_transactions"."discount" >= 0 and "payment_transactions"."coins" >= 0 and "payment_transactions"."amount" >= 0 and "payment_transactions"."amount" = "payment_transactions"."subtotal" + "payment_transactions"."tax" + "payment_transactions"."fee" - "payment_transactions"."discount" - "payment_transactions"."coins"),
	CONSTRAINT "payment_transactions_item_check" CHECK (("payment_transactions"."content_type" = 'bundle') = ("payment_transactions"."bundle_id" is not null and "payment_transactions"."course_id" is null))
);
--> statement-breakpoint
CREATE TABLE "sandbox_checkouts" (
	"reference" text PRIMARY KEY NOT NULL,
	"merchant" text NOT NULL,
	"description" text NOT NULL,
	"amount" integer NOT NULL,
	"mode" text NOT NULL,
	"channel" text,
	"ref_code" text,
	"status" text NOT NULL,
	"callback_url" text NOT NULL,
	"return_url" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_checkouts_status_check" CHECK ("sandbox_checkouts"."status" in ('open', 'paid', 'failed', 'pending', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "voucher_redemptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "voucher_redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"voucher_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vouchers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"school_id" integer NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"value" integer NOT NULL,
	"course_id" integer,
	"bundle_id" integer,
	"usage_limit" integer,
	"per_user_limit" integer DEFAULT 1 NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_school_id_id_key" UNIQUE("school_id","id"),
	CONSTRAINT "vouchers_type_check" CHECK ("vouchers"."type" in ('percentage', 'fixed')),
	CONSTRAINT "vouchers_value_check" CHECK ("vouchers"."value" > 0 and ("vouchers"."type" = 'fixed' or "vouchers"."value" <= 100)),
	CONSTRAINT "vouchers_code_check" CHECK ("vouchers"."code" = upper("vouchers"."code") and length("vouchers"."code") between 1 and 64),
	CONSTRAINT "vouchers_usage_check" CHECK ("vouchers"."used_count" >= 0 and ("vouchers"."usage_limit" is null or "vouchers"."used_count" <= "vouchers"."usage_limit")),
	CONSTRAINT "vouchers_per_user_check" CHECK ("vouchers"."per_user_limit" > 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" text NOT NULL,
	"description" text NOT NULL,
	"transaction_id" integer,
	"school_id" integer,
	"once_key" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_entries_amount_check" CHECK ("wallet_entries"."amount" <> 0 and "wallet_entries"."balance_after" >= 0),
	CONSTRAINT "wallet_entries_reason_check" CHECK ("wallet_entries"."reason" in ('payment', 'refund', 'course_reward', 'signup_reward'))
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"address" text,
	"verified" boolean DEFAULT false NOT NULL,
	"nonce" text,
	"nonce_address" text,
	"nonce_expires_at" timestamp with time zone,
	"login_nonce" text,
	"login_nonce_expires_at" timestamp with time zone,
	"coins_approval" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_balance_check" CHECK ("wallets"."balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "signup_reward_coins" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "reward_group" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "reward_coins" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_callbacks" ADD CONSTRAINT "payment_callbacks_transaction_id_payment_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."payment_transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_bundle_enrollment_id_bundle_enrollments_id_fk" FOREIGN KEY ("bundle_enrollment_id") REFERENCES "public"."bundle_enrollments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_compliance_period_id_compliance_periods_id_fk" FOREIGN KEY ("compliance_period_id") REFERENCES "public"."compliance_periods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_course_fk" FOREIGN KEY ("school_id","course_id") REFERENCES "public"."courses"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_class_fk" FOREIGN KEY ("school_id","class_id") REFERENCES "public"."classes"("school_id","id") ON DELETE SET NULL ("class_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_bundle_fk" FOREIGN KEY ("school_id","bundle_id") REFERENCES "public"."bundles"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_transaction_id_payment_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."payment_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_course_fk" FOREIGN KEY ("school_id","course_id") REFERENCES "public"."courses"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_bundle_fk" FOREIGN KEY ("school_id","bundle_id") REFERENCES "public"."bundles"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_transaction_id_payment_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."payment_transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_callbacks_gateway_event_key" ON "payment_callbacks" USING btree ("gateway","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_reference_key" ON "payment_transactions" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_idempotency_key" ON "payment_transactions" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_transactions_user_idx" ON "payment_transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_transactions_school_status_idx" ON "payment_transactions" USING btree ("school_id","status");--> statement-breakpoint
CREATE INDEX "payment_transactions_open_expiry_idx" ON "payment_transactions" USING btree ("expires_at") WHERE "payment_transactions"."status" in ('notpaid', 'Pending');--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_checkouts_ref_code_key" ON "sandbox_checkouts" USING btree ("ref_code");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_redemptions_transaction_key" ON "voucher_redemptions" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "voucher_redemptions_voucher_user_idx" ON "voucher_redemptions" USING btree ("voucher_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_school_code_key" ON "vouchers" USING btree ("school_id","code");--> statement-breakpoint
CREATE INDEX "wallet_entries_user_idx" ON "wallet_entries" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_once_key" ON "wallet_entries" USING btree ("user_id","once_key");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_address_key" ON "wallets" USING btree ("address");