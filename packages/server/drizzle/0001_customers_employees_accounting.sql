CREATE TABLE "accounting_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"provider" text DEFAULT 'none' NOT NULL,
	"environment" text DEFAULT 'test' NOT NULL,
	"consumer_token_sealed" text,
	"employee_token_sealed" text,
	"external_company_id" text DEFAULT '0' NOT NULL,
	"sync_interval_minutes" integer DEFAULT 15 NOT NULL,
	"customers_synced_at" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"mode" text NOT NULL,
	"status" text NOT NULL,
	"progress" jsonb NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone_number_mobile" text DEFAULT '' NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"is_inactive" boolean DEFAULT false NOT NULL,
	"accounting_id" text,
	"accounting_version" integer,
	"accounting_snapshot" jsonb,
	"sync_status" text DEFAULT 'local' NOT NULL,
	"sync_error" text,
	"sync_attempts" integer DEFAULT 0 NOT NULL,
	"next_sync_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"source" text NOT NULL,
	"customer_number" integer,
	"name" text NOT NULL,
	"organization_number" text DEFAULT '' NOT NULL,
	"is_private_individual" boolean DEFAULT false NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"invoice_email" text DEFAULT '' NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"phone_number_mobile" text DEFAULT '' NOT NULL,
	"invoice_send_method" text DEFAULT 'EMAIL' NOT NULL,
	"is_supplier" boolean DEFAULT false NOT NULL,
	"supplier_number" integer,
	"postal_address" jsonb NOT NULL,
	"physical_address" jsonb,
	"category" text DEFAULT 'company' NOT NULL,
	"credit_score" text,
	"credit_score_date" date,
	"credit_score_source" text,
	"is_inactive" boolean DEFAULT false NOT NULL,
	"accounting_id" text,
	"accounting_version" integer,
	"accounting_snapshot" jsonb,
	"sync_status" text DEFAULT 'local' NOT NULL,
	"sync_error" text,
	"sync_attempts" integer DEFAULT 0 NOT NULL,
	"next_sync_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"department_number" text DEFAULT '' NOT NULL,
	"accounting_id" text,
	"is_inactive" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_categories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"accounting_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone_number_mobile" text DEFAULT '' NOT NULL,
	"accounting_id" text,
	"accounting_version" integer,
	"employee_category_id" uuid,
	"department_id" uuid,
	"work_group" text,
	"birth_date" date,
	"employment_date" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "number_sequences" (
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "number_sequences_company_id_kind_pk" PRIMARY KEY("company_id","kind")
);
--> statement-breakpoint
ALTER TABLE "accounting_settings" ADD CONSTRAINT "accounting_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_runs" ADD CONSTRAINT "sync_runs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_categories" ADD CONSTRAINT "employee_categories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_employee_category_id_employee_categories_id_fk" FOREIGN KEY ("employee_category_id") REFERENCES "public"."employee_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sync_runs_one_running_key" ON "sync_runs" USING btree ("company_id") WHERE "sync_runs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "sync_runs_company_started_idx" ON "sync_runs" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "contacts_customer_idx" ON "contacts" USING btree ("company_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_company_accounting_id_key" ON "contacts" USING btree ("company_id","accounting_id");--> statement-breakpoint
CREATE INDEX "contacts_pending_sync_idx" ON "contacts" USING btree ("sync_status","next_sync_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_company_number_key" ON "customers" USING btree ("company_id","customer_number");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_company_accounting_id_key" ON "customers" USING btree ("company_id","accounting_id");--> statement-breakpoint
CREATE INDEX "customers_company_name_idx" ON "customers" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "customers_company_org_idx" ON "customers" USING btree ("company_id","organization_number");--> statement-breakpoint
CREATE INDEX "customers_pending_sync_idx" ON "customers" USING btree ("sync_status","next_sync_at");--> statement-breakpoint
CREATE UNIQUE INDEX "departments_company_accounting_id_key" ON "departments" USING btree ("company_id","accounting_id");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_categories_company_accounting_id_key" ON "employee_categories" USING btree ("company_id","accounting_id");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_categories_company_name_key" ON "employee_categories" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_company_accounting_id_key" ON "employees" USING btree ("company_id","accounting_id");--> statement-breakpoint
CREATE INDEX "employees_company_category_idx" ON "employees" USING btree ("company_id","employee_category_id");--> statement-breakpoint
CREATE INDEX "employees_company_user_idx" ON "employees" USING btree ("company_id","user_id");