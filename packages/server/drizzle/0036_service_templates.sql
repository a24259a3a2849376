CREATE TABLE "global_answer_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "global_answers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"is_comment_required" boolean DEFAULT false NOT NULL,
	"is_picture_required" boolean DEFAULT false NOT NULL,
	"is_deviation_required" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_service_answers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"project_template_id" uuid NOT NULL,
	"project_row_id" uuid NOT NULL,
	"source_answer_id" uuid,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"is_comment_required" boolean DEFAULT false NOT NULL,
	"is_picture_required" boolean DEFAULT false NOT NULL,
	"is_deviation_required" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_service_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"project_template_id" uuid NOT NULL,
	"source_group_id" uuid,
	"name" text NOT NULL,
	"type_group" text NOT NULL,
	"info" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_service_rows" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"project_template_id" uuid NOT NULL,
	"project_group_id" uuid NOT NULL,
	"source_row_id" uuid,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"file_id" uuid,
	"function_id" uuid,
	"function_name" text,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_service_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"source_template_id" uuid,
	"template_version" integer NOT NULL,
	"name" text NOT NULL,
	"info" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_answers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"row_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"is_comment_required" boolean DEFAULT false NOT NULL,
	"is_picture_required" boolean DEFAULT false NOT NULL,
	"is_deviation_required" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_function_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_function_statuses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"position" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_functions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type_group" text NOT NULL,
	"info" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_rows" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"file_id" uuid,
	"function_id" uuid,
	"position" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_template_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"stored_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"info" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "global_answer_groups" ADD CONSTRAINT "global_answer_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_answers" ADD CONSTRAINT "global_answers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_answers" ADD CONSTRAINT "global_answers_group_id_global_answer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."global_answer_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_service_answers" ADD CONSTRAINT "project_service_answers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_service_answers" ADD CONSTRAINT "project_service_answers_project_template_id_project_service_templates_id_fk" FOREIGN KEY ("project_template_id") REFERENCES "public"."project_service_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_service_answers" ADD CONSTRAINT "project_service_answers_project_row_id_project_service_rows_id_fk" FOREIGN KEY ("project_row_id") REFERENCES "public"."project_service_rows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_service_groups" ADD CONSTRAINT "project_service_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_service_groups" ADD CONSTRAINT "project_service_groups_project_template_id_project_service_templates_id_fk" FOREIGN KEY ("project_template_id") REFERENCES "public"."project_service_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_service_rows" ADD CONSTRAINT "project_service_rows_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_service_rows" ADD CONSTRAINT "project_service_rows_project_template_id_project_service_templates_id_fk" FOREIGN KEY ("project_template_id") REFERENCES "public"."project_service_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_service_rows" ADD CONSTRAINT "project_service_rows_project_group_id_project_service_groups_id_fk" FOREIGN KEY ("project_group_id") REFERENCES "public"."project_service_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_service_templates" ADD CONSTRAINT "project_service_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_service_templates" ADD CONSTRAINT "project_service_templates_source_template_id_service_templates_id_fk" FOREIGN KEY ("source_template_id") REFERENCES "public"."service_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_answers" ADD CONSTRAINT "service_answers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_answers" ADD CONSTRAINT "service_answers_template_id_service_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."service_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_answers" ADD CONSTRAINT "service_answers_row_id_service_rows_id_fk" FOREIGN KEY ("row_id") REFERENCES "public"."service_rows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_function_groups" ADD CONSTRAINT "service_function_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_function_statuses" ADD CONSTRAINT "service_function_statuses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_functions" ADD CONSTRAINT "service_functions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_functions" ADD CONSTRAINT "service_functions_group_id_service_function_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."service_function_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_groups" ADD CONSTRAINT "service_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_groups" ADD CONSTRAINT "service_groups_template_id_service_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."service_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_rows" ADD CONSTRAINT "service_rows_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_rows" ADD CONSTRAINT "service_rows_template_id_service_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."service_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_rows" ADD CONSTRAINT "service_rows_group_id_service_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."service_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_rows" ADD CONSTRAINT "service_rows_function_id_service_functions_id_fk" FOREIGN KEY ("function_id") REFERENCES "public"."service_functions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_template_settings" ADD CONSTRAINT "service_template_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_templates" ADD CONSTRAINT "service_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "global_answer_groups_company_position_key" ON "global_answer_groups" USING btree ("company_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "global_answers_group_position_key" ON "global_answers" USING btree ("group_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "project_service_answers_row_position_key" ON "project_service_answers" USING btree ("project_row_id","position");--> statement-breakpoint
CREATE INDEX "project_service_answers_template_idx" ON "project_service_answers" USING btree ("project_template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_service_groups_template_position_key" ON "project_service_groups" USING btree ("project_template_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "project_service_rows_group_position_key" ON "project_service_rows" USING btree ("project_group_id","position");--> statement-breakpoint
CREATE INDEX "project_service_rows_template_idx" ON "project_service_rows" USING btree ("project_template_id");--> statement-breakpoint
CREATE INDEX "project_service_rows_company_file_idx" ON "project_service_rows" USING btree ("company_id","file_id");--> statement-breakpoint
CREATE INDEX "project_service_templates_company_project_idx" ON "project_service_templates" USING btree ("company_id","project_id");--> statement-breakpoint
CREATE INDEX "project_service_templates_source_idx" ON "project_service_templates" USING btree ("source_template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_answers_row_position_key" ON "service_answers" USING btree ("row_id","position");--> statement-breakpoint
CREATE INDEX "service_answers_template_idx" ON "service_answers" USING btree ("template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_function_groups_company_position_key" ON "service_function_groups" USING btree ("company_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "service_function_statuses_company_position_key" ON "service_function_statuses" USING btree ("company_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "service_functions_group_position_key" ON "service_functions" USING btree ("group_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "service_groups_template_position_key" ON "service_groups" USING btree ("template_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "service_rows_group_position_key" ON "service_rows" USING btree ("group_id","position");--> statement-breakpoint
CREATE INDEX "service_rows_template_idx" ON "service_rows" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "service_rows_company_file_idx" ON "service_rows" USING btree ("company_id","file_id");--> statement-breakpoint
CREATE INDEX "service_rows_function_idx" ON "service_rows" USING btree ("function_id");--> statement-breakpoint
CREATE INDEX "service_templates_company_name_idx" ON "service_templates" USING btree ("company_id","name");--> statement-breakpoint
-- The permission to change service templates was renamed (service-templates.manage → .write, beside the new .read): companies that granted or withdrew it keep their choice.
UPDATE "role_permissions" SET "overrides" = (
  SELECT jsonb_agg(CASE WHEN e.o->>'permission' = 'service-templates.manage' THEN jsonb_set(e.o, '{permission}', '"service-templates.write"') ELSE e.o END ORDER BY e.n)
  FROM jsonb_array_elements("role_permissions"."overrides") WITH ORDINALITY AS e(o, n)
) WHERE "overrides" @> '[{"permission": "service-templates.manage"}]'::jsonb;
