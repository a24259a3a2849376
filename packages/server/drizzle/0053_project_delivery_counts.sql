CREATE TABLE "project_delivery_counts" (
	"company_id" uuid NOT NULL,
	"delivery_date" date NOT NULL,
	"state" text NOT NULL,
	"project_count" integer NOT NULL,
	CONSTRAINT "project_delivery_counts_pkey" PRIMARY KEY("company_id","delivery_date","state")
);
--> statement-breakpoint
ALTER TABLE "project_delivery_counts" ADD CONSTRAINT "project_delivery_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The counts follow every write to projects as project_counts does (migration 0031): per statement,
-- each new row +1 and each old row −1 on its delivery date and state, netted (an edit that moves no
-- project writes nothing), written in key order so that two transactions never deadlock.
CREATE FUNCTION project_delivery_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO project_delivery_counts AS t
    SELECT company_id, delivery_date, state, count(*)
    FROM new_rows WHERE delivery_date IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT project_delivery_counts_pkey
      DO UPDATE SET project_count = t.project_count + excluded.project_count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO project_delivery_counts AS t
    SELECT company_id, delivery_date, state, -count(*)
    -- Projects deleted with their company: the company's counts are gone with it (cascade).
    FROM old_rows o
    WHERE delivery_date IS NOT NULL AND EXISTS (SELECT 1 FROM companies c WHERE c.id = o.company_id)
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT project_delivery_counts_pkey
      DO UPDATE SET project_count = t.project_count + excluded.project_count;
  ELSE
    INSERT INTO project_delivery_counts AS t
    SELECT company_id, delivery_date, state, sum(delta)
    FROM (
      SELECT company_id, delivery_date, state, 1 AS delta FROM new_rows WHERE delivery_date IS NOT NULL
      UNION ALL
      SELECT company_id, delivery_date, state, -1 FROM old_rows WHERE delivery_date IS NOT NULL
    ) changed
    GROUP BY 1, 2, 3 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT project_delivery_counts_pkey
      DO UPDATE SET project_count = t.project_count + excluded.project_count;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER project_delivery_counts_inserted AFTER INSERT ON projects REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION project_delivery_counts_changed();--> statement-breakpoint
CREATE TRIGGER project_delivery_counts_updated AFTER UPDATE ON projects
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_delivery_counts_changed();--> statement-breakpoint
CREATE TRIGGER project_delivery_counts_deleted AFTER DELETE ON projects REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION project_delivery_counts_changed();--> statement-breakpoint
-- What exists already.
INSERT INTO project_delivery_counts
SELECT company_id, delivery_date, state, count(*) FROM projects WHERE delivery_date IS NOT NULL GROUP BY 1, 2, 3;
