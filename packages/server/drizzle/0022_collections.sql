CREATE TABLE "collection_values" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"collection" text NOT NULL,
	"key" text NOT NULL,
	"label_en" text NOT NULL,
	"label_nb" text NOT NULL,
	"sort_order" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_built_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "project_category" text;--> statement-breakpoint
ALTER TABLE "collection_values" ADD CONSTRAINT "collection_values_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collection_values_company_collection_key_key" ON "collection_values" USING btree ("company_id","collection","key");