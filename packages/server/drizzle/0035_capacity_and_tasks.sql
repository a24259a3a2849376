ALTER TABLE "offer_statuses" ADD COLUMN "likelihood_percent" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_statuses" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "expected_delivery_date" date;--> statement-breakpoint
CREATE INDEX "offers_company_expected_delivery_idx" ON "offers" USING btree ("company_id","expected_delivery_date") WHERE not "offers"."archived" and "offers"."project_id" is null;--> statement-breakpoint
-- Stored statuses start where rules/planner `defaultLikelihoodPercent` starts a new one: a won status
-- at 100 %, a lost one at 0 %, any other at 50 % (the column default); admins change them after.
UPDATE "offer_statuses" SET "likelihood_percent" = CASE WHEN "is_won" THEN 100 WHEN "is_lost" THEN 0 ELSE 50 END;
