-- Stored files are kept by their storage key, not by an address: the address depends on the storage (local disk
-- or S3) and is made by the presenters. '/media/uploads/photos/7-ab.jpg' becomes 'photos/7-ab.jpg' and
-- '/media/seed/demo/logo.svg' becomes 'seed/demo/logo.svg'. Other values (YouTube preview links) stay as they are.
UPDATE "users" SET "photo" = regexp_replace("photo", '^/media/(uploads/)?', '') WHERE "photo" LIKE '/media/%';
--> statement-breakpoint
UPDATE "schools" SET
  "logo" = CASE WHEN "logo" LIKE '/media/%' THEN regexp_replace("logo", '^/media/(uploads/)?', '') ELSE "logo" END,
  "cover" = CASE WHEN "cover" LIKE '/media/%' THEN regexp_replace("cover", '^/media/(uploads/)?', '') ELSE "cover" END,
  "how_to_video" = CASE WHEN "how_to_video" LIKE '/media/%' THEN regexp_replace("how_to_video", '^/media/(uploads/)?', '') ELSE "how_to_video" END,
  "faq_url" = CASE WHEN "faq_url" LIKE '/media/%' THEN regexp_replace("faq_url", '^/media/(uploads/)?', '') ELSE "faq_url" END
WHERE "logo" LIKE '/media/%' OR "cover" LIKE '/media/%' OR "how_to_video" LIKE '/media/%' OR "faq_url" LIKE '/media/%';
--> statement-breakpoint
UPDATE "courses" SET
  "image" = CASE WHEN "image" LIKE '/media/%' THEN regexp_replace("image", '^/media/(uploads/)?', '') ELSE "image" END,
  "preview_video_url" = CASE WHEN "preview_video_url" LIKE '/media/%' THEN regexp_replace("preview_video_url", '^/media/(uploads/)?', '') ELSE "preview_video_url" END
WHERE "image" LIKE '/media/%' OR "preview_video_url" LIKE '/media/%';
--> statement-breakpoint
UPDATE "bundles" SET "image" = regexp_replace("image", '^/media/(uploads/)?', '') WHERE "image" LIKE '/media/%';
