CREATE TABLE "checklist_items" (
	"run_id" uuid NOT NULL,
	"project_row_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"answer_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"picture_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deviation_id" uuid,
	"answered_by" uuid,
	"answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "checklist_items_run_id_project_row_id_pk" PRIMARY KEY("run_id","project_row_id")
);
--> statement-breakpoint
CREATE TABLE "checklist_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"project_id" uuid NOT NULL,
	"project_template_id" uuid NOT NULL,
	"template_id" uuid,
	"process_column_id" uuid,
	"deviation_category" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"started_by" uuid,
	"started_at" timestamp with time zone NOT NULL,
	"completed_by" uuid,
	"completed_at" timestamp with time zone,
	"signed_name" text,
	"pdf_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
DROP INDEX "service_templates_company_name_idx";--> statement-breakpoint
ALTER TABLE "service_templates" ADD COLUMN "purpose" text DEFAULT 'service' NOT NULL;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_run_id_checklist_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."checklist_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_project_row_id_project_service_rows_id_fk" FOREIGN KEY ("project_row_id") REFERENCES "public"."project_service_rows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_deviation_id_deviations_id_fk" FOREIGN KEY ("deviation_id") REFERENCES "public"."deviations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_runs" ADD CONSTRAINT "checklist_runs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_runs" ADD CONSTRAINT "checklist_runs_project_template_id_project_service_templates_id_fk" FOREIGN KEY ("project_template_id") REFERENCES "public"."project_service_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checklist_runs_company_number_key" ON "checklist_runs" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "checklist_runs_company_started_idx" ON "checklist_runs" USING btree ("company_id","started_at");--> statement-breakpoint
CREATE INDEX "checklist_runs_company_project_idx" ON "checklist_runs" USING btree ("company_id","project_id");--> statement-breakpoint
CREATE INDEX "checklist_runs_company_template_idx" ON "checklist_runs" USING btree ("company_id","template_id");--> statement-breakpoint
CREATE INDEX "service_templates_company_name_idx" ON "service_templates" USING btree ("company_id","purpose","name");