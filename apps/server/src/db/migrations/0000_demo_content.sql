CREATE TABLE "demo_content_loads" (
	"name" text PRIMARY KEY NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
