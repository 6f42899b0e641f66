ALTER TABLE "orders" ADD COLUMN "second_phone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "landmark" text;