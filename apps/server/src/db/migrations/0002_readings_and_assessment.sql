CREATE TABLE "health_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"tag" text NOT NULL,
	"tag_value" text NOT NULL,
	"min_tag" text,
	"min_tag_value" text,
	"narration" text,
	"device" text,
	"report" text,
	"direct_from_device" boolean DEFAULT false NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assessments" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"smoke" boolean NOT NULL,
	"alcohol" boolean NOT NULL,
	"recreational_drugs" boolean NOT NULL,
	"self_medicate" boolean NOT NULL,
	"herbal_concoction" boolean NOT NULL,
	"illness" boolean NOT NULL,
	"cancer" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "health_records" ADD CONSTRAINT "health_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "health_records_user_tag_taken_idx" ON "health_records" USING btree ("user_id","tag","taken_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "health_records_user_taken_idx" ON "health_records" USING btree ("user_id","taken_at" desc,"id" desc);