CREATE TABLE "deviation_actions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"deviation_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"kind" text NOT NULL,
	"responsible_id" uuid,
	"due_date" date,
	"is_done" boolean DEFAULT false NOT NULL,
	"done_at" timestamp with time zone,
	"overdue_alerted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "deviation_history" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"deviation_id" uuid NOT NULL,
	"user_id" uuid,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deviations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"severity" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"date" date NOT NULL,
	"project_id" uuid,
	"service_item_id" uuid,
	"product" text DEFAULT '' NOT NULL,
	"supplier" text DEFAULT '' NOT NULL,
	"picture_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reported_by" uuid,
	"reported_at" timestamp with time zone NOT NULL,
	"handler_id" uuid,
	"root_cause" text DEFAULT '' NOT NULL,
	"cost_ore" bigint DEFAULT 0 NOT NULL,
	"closed_at" timestamp with time zone,
	"search_text" text GENERATED ALWAYS AS (lower(title || E'\n' || product || E'\n' || supplier || E'\n' || description)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procedure_acknowledgements" (
	"procedure_id" uuid NOT NULL,
	"version_number" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"acknowledged_at" timestamp with time zone NOT NULL,
	CONSTRAINT "procedure_acknowledgements_procedure_id_version_number_user_id_pk" PRIMARY KEY("procedure_id","version_number","user_id")
);
--> statement-breakpoint
CREATE TABLE "procedure_versions" (
	"procedure_id" uuid NOT NULL,
	"version_number" integer NOT NULL,
	"html" text NOT NULL,
	"effective_date" date NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "procedure_versions_procedure_id_version_number_pk" PRIMARY KEY("procedure_id","version_number")
);
--> statement-breakpoint
CREATE TABLE "procedures" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"owner_id" uuid,
	"review_date" date,
	"file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"current_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deviation_actions" ADD CONSTRAINT "deviation_actions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deviation_actions" ADD CONSTRAINT "deviation_actions_deviation_id_deviations_id_fk" FOREIGN KEY ("deviation_id") REFERENCES "public"."deviations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deviation_history" ADD CONSTRAINT "deviation_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deviation_history" ADD CONSTRAINT "deviation_history_deviation_id_deviations_id_fk" FOREIGN KEY ("deviation_id") REFERENCES "public"."deviations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deviations" ADD CONSTRAINT "deviations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedure_acknowledgements" ADD CONSTRAINT "procedure_acknowledgements_procedure_id_procedures_id_fk" FOREIGN KEY ("procedure_id") REFERENCES "public"."procedures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedure_versions" ADD CONSTRAINT "procedure_versions_procedure_id_procedures_id_fk" FOREIGN KEY ("procedure_id") REFERENCES "public"."procedures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedures" ADD CONSTRAINT "procedures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deviation_actions_deviation_idx" ON "deviation_actions" USING btree ("deviation_id","position");--> statement-breakpoint
CREATE INDEX "deviation_actions_open_due_idx" ON "deviation_actions" USING btree ("company_id","due_date") WHERE "deviation_actions"."is_done" = false;--> statement-breakpoint
CREATE INDEX "deviation_history_deviation_idx" ON "deviation_history" USING btree ("deviation_id","created_at");--> statement-breakpoint
CREATE INDEX "deviations_search_text_trgm_idx" ON "deviations" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "deviations_company_number_key" ON "deviations" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "deviations_company_date_idx" ON "deviations" USING btree ("company_id","date");--> statement-breakpoint
CREATE INDEX "deviations_company_status_idx" ON "deviations" USING btree ("company_id","status","date");--> statement-breakpoint
CREATE INDEX "deviations_company_project_idx" ON "deviations" USING btree ("company_id","project_id");--> statement-breakpoint
CREATE INDEX "deviations_company_handler_idx" ON "deviations" USING btree ("company_id","handler_id");--> statement-breakpoint
CREATE UNIQUE INDEX "procedures_company_number_key" ON "procedures" USING btree ("company_id","number");