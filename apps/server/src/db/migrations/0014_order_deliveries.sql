CREATE TABLE "order_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"shipping_method" text NOT NULL,
	"cost_minor" integer NOT NULL,
	"delivery_time_days" integer NOT NULL,
	"product_ids" uuid[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_deliveries" ADD CONSTRAINT "order_deliveries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_deliveries_order_id_idx" ON "order_deliveries" USING btree ("order_id");--> statement-breakpoint
-- Orders placed before one delivery per method paid each line's shipping: one delivery row per
-- such line keeps what they were charged, and a line's amount becomes its goods alone.
INSERT INTO "order_deliveries" ("order_id", "shipping_method", "cost_minor", "delivery_time_days", "product_ids")
SELECT l."order_id", coalesce(l."shipping_method", 'Delivery'), l."shipping_cost_minor", coalesce(s."delivery_time_days", 0), ARRAY[l."product_id"]
FROM "order_lines" l
JOIN "orders" o ON o."id" = l."order_id"
LEFT JOIN "shipping_options" s ON s."id" = l."shipping_option_id"
WHERE o."fulfilment" = 'delivery' AND l."shipping_option_id" IS NOT NULL;--> statement-breakpoint
UPDATE "order_lines" SET "line_amount_minor" = "unit_price_minor"::bigint * "count";
