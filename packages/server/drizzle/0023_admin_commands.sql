CREATE TABLE "admin_command_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"command" text NOT NULL,
	"started_by" uuid,
	"email" text,
	"status" text NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer,
	"progress_key" text,
	"result_key" text,
	"result_params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "admin_command_runs" ADD CONSTRAINT "admin_command_runs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_command_runs_company_created_idx" ON "admin_command_runs" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_command_runs_one_active" ON "admin_command_runs" USING btree ("company_id","command") WHERE status in ('queued', 'running');