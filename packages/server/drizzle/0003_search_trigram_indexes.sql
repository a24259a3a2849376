CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_name_trgm_idx" ON "projects" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_address_trgm_idx" ON "projects" USING gin ("project_address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_city_trgm_idx" ON "projects" USING gin ("project_city" gin_trgm_ops);