CREATE TABLE "company_history" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid,
	"user_name" text DEFAULT '' NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "service_department_id" uuid;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "service_employee_category_id" uuid;--> statement-breakpoint
ALTER TABLE "company_history" ADD CONSTRAINT "company_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_history_company_at_idx" ON "company_history" USING btree ("company_id","at");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_service_department_id_departments_id_fk" FOREIGN KEY ("service_department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_service_employee_category_id_employee_categories_id_fk" FOREIGN KEY ("service_employee_category_id") REFERENCES "public"."employee_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The service department and employee category were free text; they become the company's department
-- and category of that name: the exact name first, else the same name in other case or spacing, an
-- active department before an inactive one, the oldest of equals.
UPDATE "companies" c SET "service_department_id" = (
  SELECT d."id" FROM "departments" d
  WHERE d."company_id" = c."id" AND lower(trim(d."name")) = lower(trim(c."service_department"))
  ORDER BY d."name" = c."service_department" DESC, d."is_inactive", d."created_at", d."id"
  LIMIT 1
)
WHERE trim(coalesce(c."service_department", '')) <> '';--> statement-breakpoint
UPDATE "companies" c SET "service_employee_category_id" = (
  SELECT e."id" FROM "employee_categories" e
  WHERE e."company_id" = c."id" AND lower(trim(e."name")) = lower(trim(c."service_employee_category"))
  ORDER BY e."name" = c."service_employee_category" DESC, e."created_at", e."id"
  LIMIT 1
)
WHERE trim(coalesce(c."service_employee_category", '')) <> '';--> statement-breakpoint
-- A name that matches no department or category is not lost without a trace: the company's history
-- keeps it (from the old name to nothing), where an administrator sees what to pick again. Ids are
-- UUID v7 like the app's (see 0010).
WITH "unmatched" AS (
  SELECT c."id" AS "company_id", 1 AS "ord",
    jsonb_build_object('field', 'serviceDepartmentId', 'from', c."service_department", 'to', NULL) AS "change"
  FROM "companies" c
  WHERE trim(coalesce(c."service_department", '')) <> '' AND c."service_department_id" IS NULL
  UNION ALL
  SELECT c."id", 2,
    jsonb_build_object('field', 'serviceEmployeeCategoryId', 'from', c."service_employee_category", 'to', NULL)
  FROM "companies" c
  WHERE trim(coalesce(c."service_employee_category", '')) <> '' AND c."service_employee_category_id" IS NULL
)
INSERT INTO "company_history" ("id", "company_id", "changes")
SELECT
  encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
    placing substring(int8send(floor(extract(epoch from clock_timestamp()) * 1000)::bigint) from 3)
    from 1 for 6), 52, 1), 53, 1), 'hex')::uuid,
  u."company_id", jsonb_agg(u."change" ORDER BY u."ord")
FROM "unmatched" u
GROUP BY u."company_id";--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "service_department";--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "service_employee_category";
