CREATE TABLE "inquiries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"received_date" date NOT NULL,
	"deadline" date,
	"owner_id" uuid,
	"project_name" text NOT NULL,
	"project_address" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"project_category" text,
	"calculation_group" text DEFAULT '' NOT NULL,
	"complexity" text,
	"customer_category" text,
	"owner_type" text,
	"project_owner" text DEFAULT '' NOT NULL,
	"architect" text DEFAULT '' NOT NULL,
	"consultant" text DEFAULT '' NOT NULL,
	"customer_id" uuid,
	"one_time_customer" jsonb,
	"contact_id" uuid,
	"credit_score" text DEFAULT '' NOT NULL,
	"offer_id" uuid,
	"offer_number" integer,
	"archived_at" timestamp with time zone,
	"archived_by" uuid,
	"archive_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inquiry_history" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"inquiry_id" uuid NOT NULL,
	"user_id" uuid,
	"user_name" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_history" ADD CONSTRAINT "inquiry_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_history" ADD CONSTRAINT "inquiry_history_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inquiries_company_number_key" ON "inquiries" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "inquiries_company_archived_deadline_idx" ON "inquiries" USING btree ("company_id","archived_at","deadline");--> statement-breakpoint
CREATE INDEX "inquiries_company_owner_idx" ON "inquiries" USING btree ("company_id","owner_id");--> statement-breakpoint
CREATE INDEX "inquiries_company_customer_idx" ON "inquiries" USING btree ("company_id","customer_id");--> statement-breakpoint
CREATE INDEX "inquiries_project_name_trgm_idx" ON "inquiries" USING gin ("project_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inquiries_project_address_trgm_idx" ON "inquiries" USING gin ("project_address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inquiries_one_time_customer_trgm_idx" ON "inquiries" USING gin (("one_time_customer" ->> 'name') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inquiry_history_inquiry_idx" ON "inquiry_history" USING btree ("inquiry_id","created_at");