ALTER TABLE "products" ADD COLUMN "cost_price_ore" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vat_percent" integer DEFAULT 25 NOT NULL;