ALTER TABLE "invoices" ADD COLUMN "purchase_order_attached_file_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "purchase_order_attached_at" timestamp with time zone;