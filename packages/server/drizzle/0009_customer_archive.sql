ALTER TABLE "customers" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "archived_by" uuid;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "archived_by_name" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "archive_reason" text;