ALTER TABLE "server_logs" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "server_logs" ADD COLUMN "handled_by" uuid;--> statement-breakpoint
ALTER TABLE "server_logs" ADD COLUMN "handled_comment" text;--> statement-breakpoint
ALTER TABLE "server_logs" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "server_logs" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(action || E'\n' || message || E'\n' || coalesce(error ->> 'stack', ''))) STORED;--> statement-breakpoint
CREATE INDEX "server_logs_created_idx" ON "server_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "server_logs_company_level_created_idx" ON "server_logs" USING btree ("company_id","level","created_at");--> statement-breakpoint
CREATE INDEX "server_logs_user_created_idx" ON "server_logs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "server_logs_search_text_trgm_idx" ON "server_logs" USING gin ("search_text" gin_trgm_ops);