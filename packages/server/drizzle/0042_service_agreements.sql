CREATE TABLE "service_agreement_history" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"agreement_id" uuid NOT NULL,
	"user_id" uuid,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_agreement_prices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"agreement_id" uuid NOT NULL,
	"date" date NOT NULL,
	"old_price_per_visit_ore" bigint NOT NULL,
	"new_price_per_visit_ore" bigint NOT NULL,
	"old_price_per_year_ore" bigint NOT NULL,
	"new_price_per_year_ore" bigint NOT NULL,
	"index_hundredths" integer,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_agreement_visits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"agreement_id" uuid NOT NULL,
	"date" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"done_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_agreements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"service_worker_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"interval" text DEFAULT 'none' NOT NULL,
	"start_date" date NOT NULL,
	"price_per_visit_ore" bigint DEFAULT 0 NOT NULL,
	"price_per_year_ore" bigint DEFAULT 0 NOT NULL,
	"item_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"last_visit_date" date,
	"next_visit_date" date,
	"visit_task_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "service_agreements_prices_not_negative" CHECK ("service_agreements"."price_per_visit_ore" >= 0 and "service_agreements"."price_per_year_ore" >= 0)
);
--> statement-breakpoint
ALTER TABLE "service_agreement_history" ADD CONSTRAINT "service_agreement_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_agreement_history" ADD CONSTRAINT "service_agreement_history_agreement_id_service_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."service_agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_agreement_prices" ADD CONSTRAINT "service_agreement_prices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_agreement_prices" ADD CONSTRAINT "service_agreement_prices_agreement_id_service_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."service_agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_agreement_visits" ADD CONSTRAINT "service_agreement_visits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_agreement_visits" ADD CONSTRAINT "service_agreement_visits_agreement_id_service_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."service_agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_agreements" ADD CONSTRAINT "service_agreements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_agreements" ADD CONSTRAINT "service_agreements_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_agreement_history_agreement_idx" ON "service_agreement_history" USING btree ("agreement_id","at");--> statement-breakpoint
CREATE INDEX "service_agreement_prices_agreement_idx" ON "service_agreement_prices" USING btree ("agreement_id","date");--> statement-breakpoint
CREATE INDEX "service_agreement_visits_agreement_idx" ON "service_agreement_visits" USING btree ("agreement_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "service_agreements_project_key" ON "service_agreements" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "service_agreements_company_next_idx" ON "service_agreements" USING btree ("company_id","next_visit_date");