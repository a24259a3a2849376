CREATE TABLE "process_columns" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"key" text NOT NULL,
	"name_no" text NOT NULL,
	"name_en" text NOT NULL,
	"factor" integer NOT NULL,
	"min" integer DEFAULT 0 NOT NULL,
	"max" integer DEFAULT 0 NOT NULL,
	"type" text NOT NULL,
	"color" text DEFAULT '#868e96' NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"invoice" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "process_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"column_id" uuid NOT NULL,
	"date" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"note_dates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sub_processes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"column_id" uuid NOT NULL,
	"name_no" text NOT NULL,
	"name_en" text NOT NULL,
	"type" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_history" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"user_id" uuid,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_order_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"count" double precision DEFAULT 1 NOT NULL,
	"unit_price" integer DEFAULT 0 NOT NULL,
	"discount_percent" double precision DEFAULT 0 NOT NULL,
	"cost_price" integer DEFAULT 0 NOT NULL,
	"vat_percent" integer DEFAULT 25 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"department_id" uuid,
	"customer_id" uuid,
	"contact_id" uuid,
	"project_manager_id" uuid,
	"start_date" date,
	"end_date" date,
	"delivery_date" date,
	"agreed_installation_date" date,
	"is_closed" boolean DEFAULT false NOT NULL,
	"is_direct" boolean DEFAULT false NOT NULL,
	"is_service" boolean DEFAULT false NOT NULL,
	"project_address" text DEFAULT '' NOT NULL,
	"project_postal_code" text DEFAULT '' NOT NULL,
	"project_city" text DEFAULT '' NOT NULL,
	"note_to_planner" text DEFAULT '' NOT NULL,
	"work_order_notes" text DEFAULT '' NOT NULL,
	"site_contact_name" text DEFAULT '' NOT NULL,
	"site_contact_phone" text DEFAULT '' NOT NULL,
	"production_hours" double precision,
	"installation_hours" double precision,
	"installation_staff" integer,
	"missing_data" boolean DEFAULT false NOT NULL,
	"missing_data_comment" text DEFAULT '' NOT NULL,
	"service_report_count" integer DEFAULT 0 NOT NULL,
	"project_value" integer DEFAULT 0 NOT NULL,
	"offer_id" uuid,
	"accounting_id" text,
	"legacy" jsonb,
	"archived_at" timestamp with time zone,
	"archived_by" uuid,
	"archive_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sync_runs" ADD COLUMN "heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "process_columns" ADD CONSTRAINT "process_columns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_entries" ADD CONSTRAINT "process_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_entries" ADD CONSTRAINT "process_entries_column_id_process_columns_id_fk" FOREIGN KEY ("column_id") REFERENCES "public"."process_columns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_processes" ADD CONSTRAINT "sub_processes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_processes" ADD CONSTRAINT "sub_processes_column_id_process_columns_id_fk" FOREIGN KEY ("column_id") REFERENCES "public"."process_columns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_history" ADD CONSTRAINT "project_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_history" ADD CONSTRAINT "project_history_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_order_lines" ADD CONSTRAINT "project_order_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_order_lines" ADD CONSTRAINT "project_order_lines_order_id_project_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."project_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_orders" ADD CONSTRAINT "project_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_orders" ADD CONSTRAINT "project_orders_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "process_columns_company_key" ON "process_columns" USING btree ("company_id","key");--> statement-breakpoint
CREATE INDEX "process_columns_company_position_idx" ON "process_columns" USING btree ("company_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "process_entries_project_column_key" ON "process_entries" USING btree ("project_id","column_id");--> statement-breakpoint
CREATE INDEX "process_entries_company_column_idx" ON "process_entries" USING btree ("company_id","column_id","is_active");--> statement-breakpoint
CREATE INDEX "sub_processes_column_idx" ON "sub_processes" USING btree ("column_id");--> statement-breakpoint
CREATE INDEX "project_history_project_idx" ON "project_history" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "project_order_lines_order_idx" ON "project_order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "project_orders_project_idx" ON "project_orders" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_company_number_key" ON "projects" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "projects_company_state_delivery_idx" ON "projects" USING btree ("company_id","state","delivery_date");--> statement-breakpoint
CREATE INDEX "projects_company_manager_idx" ON "projects" USING btree ("company_id","project_manager_id");--> statement-breakpoint
CREATE INDEX "projects_company_customer_idx" ON "projects" USING btree ("company_id","customer_id");--> statement-breakpoint
CREATE INDEX "projects_company_department_idx" ON "projects" USING btree ("company_id","department_id");--> statement-breakpoint
CREATE INDEX "projects_company_end_idx" ON "projects" USING btree ("company_id","end_date");--> statement-breakpoint
CREATE INDEX "projects_company_service_idx" ON "projects" USING btree ("company_id","is_service","state");--> statement-breakpoint
CREATE INDEX "projects_company_name_idx" ON "projects" USING btree ("company_id",lower("name"));