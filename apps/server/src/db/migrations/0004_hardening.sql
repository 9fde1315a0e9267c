CREATE TABLE "login_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"locked_until" timestamp with time zone NOT NULL,
	"last_attempt_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_links" ADD COLUMN "source_token_id" integer;--> statement-breakpoint
CREATE INDEX "login_failures_last_attempt_at_idx" ON "login_failures" USING btree ("last_attempt_at");--> statement-breakpoint
ALTER TABLE "account_links" ADD CONSTRAINT "account_links_source_token_id_auth_tokens_id_fk" FOREIGN KEY ("source_token_id") REFERENCES "public"."auth_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_links_expires_at_idx" ON "account_links" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "account_links_source_token_id_idx" ON "account_links" USING btree ("source_token_id");--> statement-breakpoint
CREATE INDEX "auth_tokens_expires_at_idx" ON "auth_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "rate_limits_reset_at_idx" ON "rate_limits" USING btree ("reset_at");--> statement-breakpoint
-- Usernames that look like an address (allowed before) get a name of their own; their owners still log in by e-mail.
UPDATE "users" SET "username" = replace("username", '@', '-at-') || '-' || "id" WHERE position('@' in "username") > 0;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_username_not_email_check" CHECK (position('@' in "users"."username") = 0);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_has_at_check" CHECK (position('@' in "users"."email") > 0);