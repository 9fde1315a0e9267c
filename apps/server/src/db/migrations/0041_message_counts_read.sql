ALTER TABLE "staff_messages" DROP COLUMN "recipients";--> statement-breakpoint
ALTER TABLE "staff_messages" DROP COLUMN "emailed";