CREATE TABLE "service_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"floor" text DEFAULT '' NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"service_template_id" uuid,
	"project_service_template_id" uuid NOT NULL,
	"emergency_type" text DEFAULT 'none' NOT NULL,
	"status" text DEFAULT 'notVisited' NOT NULL,
	"last_visit_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "service_items_location_whole" CHECK (("service_items"."lat" is null) = ("service_items"."lng" is null))
);
--> statement-breakpoint
ALTER TABLE "service_items" ADD CONSTRAINT "service_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_items" ADD CONSTRAINT "service_items_project_service_template_id_project_service_templates_id_fk" FOREIGN KEY ("project_service_template_id") REFERENCES "public"."project_service_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_items_project_number_key" ON "service_items" USING btree ("project_id","number");--> statement-breakpoint
CREATE INDEX "service_items_company_project_idx" ON "service_items" USING btree ("company_id","project_id");