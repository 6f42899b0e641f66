DROP INDEX "social_identities_user_id_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "social_identities_user_provider_idx" ON "social_identities" USING btree ("user_id","provider");