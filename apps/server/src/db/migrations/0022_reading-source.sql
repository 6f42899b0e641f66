ALTER TABLE "health_records" ADD COLUMN "imported_from" text;--> statement-breakpoint
ALTER TABLE "health_records" ADD COLUMN "import_format" text;