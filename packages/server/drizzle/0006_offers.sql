CREATE TABLE "confirmations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"payment_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
CREATE TABLE "offer_configs" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"deadline_days" integer NOT NULL,
	"default_status_id" uuid,
	"first_number" integer NOT NULL,
	"validity_days" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_history" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"offer_id" uuid NOT NULL,
	"user_id" uuid,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"offer_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"count" double precision DEFAULT 1 NOT NULL,
	"unit_price" integer DEFAULT 0 NOT NULL,
	"discount_percent" double precision DEFAULT 0 NOT NULL,
	"cost_price" integer DEFAULT 0 NOT NULL,
	"vat_percent" integer DEFAULT 25 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_statuses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"deadline_days" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"status_id" uuid,
	"status_changed_at" date NOT NULL,
	"offer_deadline" date,
	"started_at" date,
	"value" integer DEFAULT 0 NOT NULL,
	"contribution_margin" integer DEFAULT 0 NOT NULL,
	"production_hours" double precision,
	"production_staff" integer,
	"installation_hours" double precision,
	"installation_staff" integer,
	"payment_plan" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"owner_id" uuid,
	"customer_id" uuid,
	"one_time_customer" jsonb,
	"contact_id" uuid,
	"project_name" text NOT NULL,
	"project_address" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"project_category" text,
	"complexity" text,
	"owner_type" text,
	"project_owner" text DEFAULT '' NOT NULL,
	"architect" text DEFAULT '' NOT NULL,
	"consultant" text DEFAULT '' NOT NULL,
	"calculation_group" text DEFAULT '' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"inquiry_id" uuid,
	"inquiry_number" integer,
	"project_id" uuid,
	"project_number" integer,
	"archived" boolean DEFAULT false NOT NULL,
	"archive_reason" text,
	"archived_at" timestamp with time zone,
	"archived_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "confirmations" ADD CONSTRAINT "confirmations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_configs" ADD CONSTRAINT "offer_configs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_history" ADD CONSTRAINT "offer_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_history" ADD CONSTRAINT "offer_history_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_lines" ADD CONSTRAINT "offer_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_lines" ADD CONSTRAINT "offer_lines_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_statuses" ADD CONSTRAINT "offer_statuses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_status_id_offer_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."offer_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "confirmations_entity_idx" ON "confirmations" USING btree ("company_id","entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "offer_history_offer_idx" ON "offer_history" USING btree ("offer_id","created_at");--> statement-breakpoint
CREATE INDEX "offer_lines_offer_idx" ON "offer_lines" USING btree ("offer_id","position");--> statement-breakpoint
CREATE INDEX "offer_statuses_company_idx" ON "offer_statuses" USING btree ("company_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_company_number_key" ON "offers" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "offers_company_archived_idx" ON "offers" USING btree ("company_id","archived","number");--> statement-breakpoint
CREATE INDEX "offers_company_status_idx" ON "offers" USING btree ("company_id","status_id");--> statement-breakpoint
CREATE INDEX "offers_company_owner_idx" ON "offers" USING btree ("company_id","owner_id");--> statement-breakpoint
CREATE INDEX "offers_company_customer_idx" ON "offers" USING btree ("company_id","customer_id");--> statement-breakpoint
CREATE INDEX "offers_project_name_trgm_idx" ON "offers" USING gin ("project_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "offers_project_address_trgm_idx" ON "offers" USING gin ("project_address" gin_trgm_ops);