CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"week" integer NOT NULL,
	"days" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"entity_type" text,
	"entity_id" uuid,
	"date" date NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"immediate_action" text DEFAULT '' NOT NULL,
	"assignee_id" uuid,
	"is_done" boolean DEFAULT false NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plans_company_employee_week_key" ON "plans" USING btree ("company_id","employee_id","year","week");--> statement-breakpoint
CREATE INDEX "plans_company_week_idx" ON "plans" USING btree ("company_id","year","week");--> statement-breakpoint
CREATE INDEX "plans_days_idx" ON "plans" USING gin ("days" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "tasks_company_done_date_idx" ON "tasks" USING btree ("company_id","is_done","date");--> statement-breakpoint
CREATE INDEX "tasks_company_assignee_idx" ON "tasks" USING btree ("company_id","assignee_id","date");--> statement-breakpoint
CREATE INDEX "tasks_company_entity_idx" ON "tasks" USING btree ("company_id","entity_id");