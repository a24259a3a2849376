CREATE TABLE "confirmation_payment_rules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"confirmation_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"basis_points" integer,
	"fixed_amount" bigint,
	"amount" bigint NOT NULL,
	"due_kind" text NOT NULL,
	"due_date" date,
	"due_column_id" uuid,
	"invoice_id" uuid
);
--> statement-breakpoint
CREATE TABLE "payment_rule_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"payment_rules" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "confirmations" ADD COLUMN "offer_id" uuid;--> statement-breakpoint
ALTER TABLE "confirmations" ADD COLUMN "date" date DEFAULT current_date NOT NULL;--> statement-breakpoint
ALTER TABLE "confirmations" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "confirmations" ADD COLUMN "customer_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "confirmations" ADD COLUMN "contact_id" uuid;--> statement-breakpoint
ALTER TABLE "confirmations" ADD COLUMN "lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "confirmations" ADD COLUMN "total_ex_vat" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "confirmations" ADD COLUMN "vat" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "confirmations" ADD COLUMN "total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "confirmations" ADD COLUMN "terms" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "confirmations" ADD COLUMN "request_id" uuid;--> statement-breakpoint
ALTER TABLE "confirmations" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "confirmations" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "confirmation_payment_rules" ADD CONSTRAINT "confirmation_payment_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confirmation_payment_rules" ADD CONSTRAINT "confirmation_payment_rules_confirmation_id_confirmations_id_fk" FOREIGN KEY ("confirmation_id") REFERENCES "public"."confirmations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_rule_templates" ADD CONSTRAINT "payment_rule_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "confirmation_payment_rules_confirmation_idx" ON "confirmation_payment_rules" USING btree ("confirmation_id","position");--> statement-breakpoint
CREATE INDEX "payment_rule_templates_company_idx" ON "payment_rule_templates" USING btree ("company_id","position");--> statement-breakpoint
CREATE INDEX "confirmations_offer_idx" ON "confirmations" USING btree ("company_id","offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "confirmations_company_number_key" ON "confirmations" USING btree ("company_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "confirmations_company_request_key" ON "confirmations" USING btree ("company_id","request_id");--> statement-breakpoint
-- Data: confirmations stored before issue 13 keep their offer, their percentages (as basis points,
-- due on order, amounts 0 as they had no totals) and their numbers (the sequence continues after them).
UPDATE "confirmations" SET "offer_id" = "entity_id" WHERE "entity_type" = 'offer';--> statement-breakpoint
INSERT INTO "confirmation_payment_rules" ("id", "company_id", "confirmation_id", "position", "description", "basis_points", "amount", "due_kind")
SELECT gen_random_uuid(), c."company_id", c."id", (r.ordinality - 1)::integer, coalesce(r.value->>'description', ''),
  round(coalesce((r.value->>'percent')::numeric, 0) * 100)::integer, 0, 'onOrder'
FROM "confirmations" c, jsonb_array_elements(c."payment_rules") WITH ORDINALITY AS r(value, ordinality);--> statement-breakpoint
INSERT INTO "number_sequences" ("company_id", "kind", "last_value")
SELECT "company_id", 'confirmation', max("number") FROM "confirmations" GROUP BY "company_id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "confirmations" DROP COLUMN "payment_rules";