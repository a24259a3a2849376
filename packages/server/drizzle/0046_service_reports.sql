CREATE TABLE "service_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"visit_date" date NOT NULL,
	"technician_id" uuid,
	"technician_name" text DEFAULT '' NOT NULL,
	"signed_name" text DEFAULT '' NOT NULL,
	"item_count" integer NOT NULL,
	"picture_count" integer NOT NULL,
	"skipped_picture_count" integer DEFAULT 0 NOT NULL,
	"file_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_visits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"service_item_id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"visit_date" date NOT NULL,
	"technician_name" text DEFAULT '' NOT NULL,
	"rows" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_reports" ADD CONSTRAINT "service_reports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_visits" ADD CONSTRAINT "service_visits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_visits" ADD CONSTRAINT "service_visits_service_item_id_service_items_id_fk" FOREIGN KEY ("service_item_id") REFERENCES "public"."service_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_visits" ADD CONSTRAINT "service_visits_report_id_service_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."service_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_reports_project_number_key" ON "service_reports" USING btree ("project_id","number");--> statement-breakpoint
CREATE INDEX "service_reports_company_project_idx" ON "service_reports" USING btree ("company_id","project_id");--> statement-breakpoint
CREATE INDEX "service_reports_company_file_idx" ON "service_reports" USING btree ("company_id","file_id");--> statement-breakpoint
CREATE INDEX "service_visits_company_item_idx" ON "service_visits" USING btree ("company_id","service_item_id","visit_date");