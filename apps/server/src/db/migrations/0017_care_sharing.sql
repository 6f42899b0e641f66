CREATE TABLE "access_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"patient_id" uuid NOT NULL,
	"share_id" uuid,
	"link_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"who" text NOT NULL,
	"action" text NOT NULL,
	"what" text,
	"client" text,
	"address" text
);
--> statement-breakpoint
CREATE TABLE "care_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"doctor_email" text NOT NULL,
	"doctor_id" uuid,
	"measures" text[],
	"include_assessment" boolean NOT NULL,
	"from_at" timestamp with time zone,
	"until_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"first_viewed_at" timestamp with time zone,
	"last_viewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "share_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"code_hash" text,
	"label" text NOT NULL,
	"measures" text[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"wrong_codes" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"opens" integer DEFAULT 0 NOT NULL,
	"last_opened_at" timestamp with time zone,
	CONSTRAINT "share_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_share_id_care_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."care_shares"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_link_id_share_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."share_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_shares" ADD CONSTRAINT "care_shares_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_shares" ADD CONSTRAINT "care_shares_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_log_patient_idx" ON "access_log" USING btree ("patient_id","id" desc);--> statement-breakpoint
CREATE INDEX "care_shares_patient_idx" ON "care_shares" USING btree ("patient_id","created_at" desc);--> statement-breakpoint
CREATE INDEX "care_shares_doctor_idx" ON "care_shares" USING btree ("doctor_id") WHERE "care_shares"."doctor_id" is not null;--> statement-breakpoint
CREATE INDEX "care_shares_doctor_email_idx" ON "care_shares" USING btree ("doctor_email") WHERE "care_shares"."accepted_at" is null;--> statement-breakpoint
CREATE INDEX "share_links_patient_idx" ON "share_links" USING btree ("patient_id","created_at" desc);