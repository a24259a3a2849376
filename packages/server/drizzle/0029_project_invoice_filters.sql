ALTER TABLE "projects" ADD COLUMN "has_invoice" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "has_uninvoiced_part" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "has_unsent_invoice" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "has_paid_invoice" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "unpaid_due_first" date;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "unpaid_due_last" date;--> statement-breakpoint
-- Room on each page, so the triggers' updates of these unindexed columns stay on the page (HOT):
-- then no index — the trigram one above all — gets a new entry for them.
ALTER TABLE "projects" SET (fillfactor = 90);--> statement-breakpoint
-- The project list's invoice filters read the projects' invoice columns; these keep them, whatever writes
-- invoices, payment parts or confirmations (a use case, the sync, an import, the bulk seed). Triggers
-- per statement, with the changed rows as transition tables: one refresh per statement, however
-- many rows it wrote.
CREATE FUNCTION refresh_project_invoice_states(project_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE projects p SET
    has_invoice = s.has_invoice,
    has_uninvoiced_part = s.has_uninvoiced_part,
    has_unsent_invoice = s.has_unsent_invoice,
    has_paid_invoice = s.has_paid_invoice,
    unpaid_due_first = s.unpaid_due_first,
    unpaid_due_last = s.unpaid_due_last
  FROM (
    SELECT q.id,
      coalesce(i.has_invoice, false) AS has_invoice,
      EXISTS (SELECT 1 FROM confirmations c
        JOIN confirmation_payment_rules r ON r.confirmation_id = c.id
        WHERE c.company_id = q.company_id AND c.entity_type = 'project' AND c.entity_id = q.id
          AND NOT EXISTS (SELECT 1 FROM invoices o WHERE o.payment_rule_id = r.id AND NOT o.is_credited)
      ) AS has_uninvoiced_part,
      coalesce(i.has_unsent, false) AS has_unsent_invoice,
      coalesce(i.has_paid, false) AS has_paid_invoice,
      i.first_due AS unpaid_due_first,
      i.last_due AS unpaid_due_last
    FROM projects q
    -- One pass over the project's open invoices for everything they decide.
    LEFT JOIN LATERAL (
      SELECT true AS has_invoice,
        bool_or(o.amount_outstanding > 0 AND NOT o.is_sent) AS has_unsent,
        bool_or(o.amount_outstanding <= 0) AS has_paid,
        min(o.due_date) FILTER (WHERE o.is_sent AND o.amount_outstanding > 0) AS first_due,
        max(o.due_date) FILTER (WHERE o.is_sent AND o.amount_outstanding > 0) AS last_due
      FROM invoices o
      WHERE o.company_id = q.company_id AND o.project_id = q.id AND NOT o.is_credited
      HAVING count(*) > 0
    ) i ON true
    WHERE q.id = ANY(project_ids)
  ) s
  WHERE p.id = s.id
    -- Unchanged projects keep their row as it is (no new row version).
    AND (p.has_invoice, p.has_uninvoiced_part, p.has_unsent_invoice, p.has_paid_invoice,
         p.unpaid_due_first, p.unpaid_due_last)
      IS DISTINCT FROM (s.has_invoice, s.has_uninvoiced_part, s.has_unsent_invoice, s.has_paid_invoice,
         s.unpaid_due_first, s.unpaid_due_last);
$$;--> statement-breakpoint
CREATE FUNCTION invoices_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_project_invoice_states(ARRAY(SELECT DISTINCT project_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM refresh_project_invoice_states(ARRAY(
      SELECT project_id FROM new_rows UNION SELECT project_id FROM old_rows));
  ELSE
    PERFORM refresh_project_invoice_states(ARRAY(SELECT DISTINCT project_id FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER invoices_inserted AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION invoices_changed();--> statement-breakpoint
CREATE TRIGGER invoices_updated AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION invoices_changed();--> statement-breakpoint
CREATE TRIGGER invoices_deleted AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION invoices_changed();--> statement-breakpoint
-- A payment part is on a project's confirmation; a confirmation deleted takes its parts along, so the
-- confirmation's own trigger refreshes (its parts' join finds it gone).
CREATE FUNCTION payment_parts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_project_invoice_states(ARRAY(
    SELECT DISTINCT c.entity_id FROM confirmations c
    WHERE c.entity_type = 'project' AND c.id IN (
      SELECT confirmation_id FROM changed_rows)));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER payment_parts_inserted AFTER INSERT ON confirmation_payment_rules
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_parts_changed();--> statement-breakpoint
CREATE TRIGGER payment_parts_updated AFTER UPDATE ON confirmation_payment_rules
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_parts_changed();--> statement-breakpoint
CREATE TRIGGER payment_parts_deleted AFTER DELETE ON confirmation_payment_rules
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_parts_changed();--> statement-breakpoint
-- A confirmation moved from an offer to its project, or deleted with its parts.
CREATE FUNCTION confirmations_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM refresh_project_invoice_states(ARRAY(
      SELECT entity_id FROM new_rows WHERE entity_type = 'project'
      UNION SELECT entity_id FROM old_rows WHERE entity_type = 'project'));
  ELSE
    PERFORM refresh_project_invoice_states(ARRAY(
      SELECT DISTINCT entity_id FROM old_rows WHERE entity_type = 'project'));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER confirmations_updated AFTER UPDATE ON confirmations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION confirmations_changed();--> statement-breakpoint
CREATE TRIGGER confirmations_deleted AFTER DELETE ON confirmations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION confirmations_changed();--> statement-breakpoint
-- What exists already.
SELECT refresh_project_invoice_states(ARRAY(
  SELECT DISTINCT entity_id FROM confirmations WHERE entity_type = 'project'
  UNION SELECT project_id FROM invoices));--> statement-breakpoint
ANALYZE projects;
