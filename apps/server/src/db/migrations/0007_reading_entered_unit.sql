ALTER TABLE "health_records" ADD COLUMN "entered_value" text;--> statement-breakpoint
ALTER TABLE "health_records" ADD COLUMN "entered_unit" text;