CREATE TABLE "followed_measures" (
	"user_id" uuid NOT NULL,
	"measure" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "followed_measures_user_id_measure_pk" PRIMARY KEY("user_id","measure")
);
--> statement-breakpoint
ALTER TABLE "followed_measures" ADD CONSTRAINT "followed_measures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;