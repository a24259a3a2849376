DROP INDEX "confirmations_company_number_key";--> statement-breakpoint
ALTER TABLE "confirmations" ADD COLUMN "kind" text DEFAULT 'confirmation' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "confirmations_invoice_plan_key" ON "confirmations" USING btree ("company_id","entity_id") WHERE "confirmations"."kind" = 'invoicePlan';--> statement-breakpoint
CREATE UNIQUE INDEX "confirmations_company_number_key" ON "confirmations" USING btree ("company_id","kind","number");