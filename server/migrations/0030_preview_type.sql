-- Issue 19: what a file's preview_key holds. Office documents get a PDF converted by LibreOffice
-- there (viewed with pdf.js); images and videos a screen-size WebP, as every preview_key so far.
ALTER TABLE "transfer_files" ADD COLUMN "preview_type" text;--> statement-breakpoint
UPDATE "transfer_files" SET "preview_type" = 'image/webp' WHERE "preview_key" IS NOT NULL;
