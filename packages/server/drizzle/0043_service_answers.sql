CREATE TABLE "service_user_answers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"service_item_id" uuid NOT NULL,
	"project_row_id" uuid NOT NULL,
	"project_service_answer_id" uuid,
	"text" text DEFAULT '' NOT NULL,
	"number" double precision,
	"date" date,
	"comment" text DEFAULT '' NOT NULL,
	"picture_id" uuid,
	"file_id" uuid,
	"deviation_id" uuid,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "thumbnail_key" text;--> statement-breakpoint
ALTER TABLE "service_user_answers" ADD CONSTRAINT "service_user_answers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_user_answers" ADD CONSTRAINT "service_user_answers_service_item_id_service_items_id_fk" FOREIGN KEY ("service_item_id") REFERENCES "public"."service_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_user_answers" ADD CONSTRAINT "service_user_answers_project_row_id_project_service_rows_id_fk" FOREIGN KEY ("project_row_id") REFERENCES "public"."project_service_rows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_user_answers" ADD CONSTRAINT "service_user_answers_project_service_answer_id_project_service_answers_id_fk" FOREIGN KEY ("project_service_answer_id") REFERENCES "public"."project_service_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_user_answers_item_idx" ON "service_user_answers" USING btree ("service_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_user_answers_row_answer_key" ON "service_user_answers" USING btree ("project_row_id","project_service_answer_id");--> statement-breakpoint
CREATE INDEX "service_user_answers_company_picture_idx" ON "service_user_answers" USING btree ("company_id","picture_id");--> statement-breakpoint
CREATE INDEX "service_user_answers_company_file_idx" ON "service_user_answers" USING btree ("company_id","file_id");