-- Reports whose project was removed before this key existed have nothing left to belong to.
DELETE FROM "service_reports" WHERE NOT EXISTS (SELECT 1 FROM "projects" WHERE "projects"."id" = "service_reports"."project_id");--> statement-breakpoint
ALTER TABLE "service_reports" ADD CONSTRAINT "service_reports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
