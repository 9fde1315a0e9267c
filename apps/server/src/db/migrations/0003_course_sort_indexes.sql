CREATE INDEX "courses_school_fee_idx" ON "courses" USING btree ("school_id","fee");--> statement-breakpoint
CREATE INDEX "courses_school_name_idx" ON "courses" USING btree ("school_id","name");