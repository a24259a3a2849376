CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"confirmation_id" uuid NOT NULL,
	"payment_rule_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"customer_id" uuid,
	"customer_name" text DEFAULT '' NOT NULL,
	"number" integer,
	"invoice_date" date NOT NULL,
	"due_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"amount_outstanding" bigint NOT NULL,
	"is_sent" boolean DEFAULT false NOT NULL,
	"send_method" text DEFAULT 'EMAIL' NOT NULL,
	"is_credited" boolean DEFAULT false NOT NULL,
	"credit_reason" text DEFAULT '' NOT NULL,
	"credited_at" timestamp with time zone,
	"credited_by" uuid,
	"is_credit_pending" boolean DEFAULT false NOT NULL,
	"sync_status" text NOT NULL,
	"sync_error" text,
	"sync_attempts" integer DEFAULT 0 NOT NULL,
	"next_sync_at" timestamp with time zone,
	"accounting_order_id" text,
	"accounting_invoice_id" text,
	"purchase_order_file_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_confirmation_id_confirmations_id_fk" FOREIGN KEY ("confirmation_id") REFERENCES "public"."confirmations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_rule_id_confirmation_payment_rules_id_fk" FOREIGN KEY ("payment_rule_id") REFERENCES "public"."confirmation_payment_rules"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_company_project_idx" ON "invoices" USING btree ("company_id","project_id");--> statement-breakpoint
CREATE INDEX "invoices_company_created_idx" ON "invoices" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_company_sync_idx" ON "invoices" USING btree ("company_id","sync_status","next_sync_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_company_request_key" ON "invoices" USING btree ("company_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_open_payment_rule_key" ON "invoices" USING btree ("payment_rule_id") WHERE not "invoices"."is_credited";