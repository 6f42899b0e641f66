ALTER TABLE "users" ADD COLUMN "sugar_unit" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cholesterol_unit" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "temperature_unit" text;