ALTER TABLE "assessments" ADD COLUMN "diabetes" boolean;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "high_blood_pressure" boolean;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "sickle_cell" boolean;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "pregnant" boolean;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "asthma_or_copd" boolean;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "heart_disease" boolean;