CREATE TABLE "project_counts" (
	"company_id" uuid NOT NULL,
	"state" text NOT NULL,
	"is_service" boolean NOT NULL,
	"has_invoice" boolean NOT NULL,
	"has_uninvoiced_part" boolean NOT NULL,
	"has_unsent_invoice" boolean NOT NULL,
	"has_paid_invoice" boolean NOT NULL,
	"has_unpaid_sent_invoice" boolean NOT NULL,
	"project_count" integer NOT NULL,
	CONSTRAINT "project_counts_pkey" PRIMARY KEY("company_id","state","is_service","has_invoice","has_uninvoiced_part","has_unsent_invoice","has_paid_invoice","has_unpaid_sent_invoice")
);
--> statement-breakpoint
ALTER TABLE "project_counts" ADD CONSTRAINT "project_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "projects_company_delivery_idx" ON "projects" USING btree ("company_id","delivery_date","number");--> statement-breakpoint
-- The counts follow every write to projects (a use case, an import, the bulk seed, the invoice
-- triggers of migration 0029): per statement, with the changed rows as transition tables, each new
-- row +1 and each old row −1 in its combination, netted, so an edit that moves no project between
-- combinations writes nothing. Combinations are written in key order: two transactions lock them in
-- the same order and never deadlock. PostgreSQL allows no column list on a trigger with transition
-- tables, so every update of projects runs it; it costs one grouping of the rows the update changed.
CREATE FUNCTION project_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO project_counts AS t
    SELECT company_id, state, is_service, has_invoice, has_uninvoiced_part, has_unsent_invoice,
      has_paid_invoice, unpaid_due_first IS NOT NULL, count(*)
    FROM new_rows GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT ON CONSTRAINT project_counts_pkey
      DO UPDATE SET project_count = t.project_count + excluded.project_count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO project_counts AS t
    SELECT company_id, state, is_service, has_invoice, has_uninvoiced_part, has_unsent_invoice,
      has_paid_invoice, unpaid_due_first IS NOT NULL, -count(*)
    -- Projects deleted with their company: the company's counts are gone with it (cascade).
    FROM old_rows o WHERE EXISTS (SELECT 1 FROM companies c WHERE c.id = o.company_id)
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT ON CONSTRAINT project_counts_pkey
      DO UPDATE SET project_count = t.project_count + excluded.project_count;
  ELSE
    INSERT INTO project_counts AS t
    SELECT company_id, state, is_service, has_invoice, has_uninvoiced_part, has_unsent_invoice,
      has_paid_invoice, has_unpaid_sent_invoice, sum(delta)
    FROM (
      SELECT company_id, state, is_service, has_invoice, has_uninvoiced_part, has_unsent_invoice,
        has_paid_invoice, unpaid_due_first IS NOT NULL AS has_unpaid_sent_invoice, 1 AS delta FROM new_rows
      UNION ALL
      SELECT company_id, state, is_service, has_invoice, has_uninvoiced_part, has_unsent_invoice,
        has_paid_invoice, unpaid_due_first IS NOT NULL, -1 FROM old_rows
    ) changed
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT ON CONSTRAINT project_counts_pkey
      DO UPDATE SET project_count = t.project_count + excluded.project_count;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER project_counts_inserted AFTER INSERT ON projects REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION project_counts_changed();--> statement-breakpoint
CREATE TRIGGER project_counts_updated AFTER UPDATE ON projects
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_counts_changed();--> statement-breakpoint
CREATE TRIGGER project_counts_deleted AFTER DELETE ON projects REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION project_counts_changed();--> statement-breakpoint
-- What exists already.
INSERT INTO project_counts
SELECT company_id, state, is_service, has_invoice, has_uninvoiced_part, has_unsent_invoice,
  has_paid_invoice, unpaid_due_first IS NOT NULL, count(*)
FROM projects GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
