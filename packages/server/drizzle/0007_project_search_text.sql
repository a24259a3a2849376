DROP INDEX "projects_name_trgm_idx";--> statement-breakpoint
DROP INDEX "projects_address_trgm_idx";--> statement-breakpoint
DROP INDEX "projects_city_trgm_idx";--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || E'\n' || project_address || E'\n' || project_city)) STORED;--> statement-breakpoint
CREATE INDEX "projects_search_text_trgm_idx" ON "projects" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Statistics for the new column, so the planner prices searches on it from the first query.
ANALYZE "projects";