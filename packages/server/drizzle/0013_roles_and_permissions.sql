CREATE TABLE "role_permissions" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"overrides" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memberships" ALTER COLUMN "role" SET DEFAULT 'office';--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Karm knew two roles before: an administrator and a "user" who could do everything else. The user
-- becomes the office role (sales and project management), which keeps what they could do today.
UPDATE "memberships" SET "role" = 'office' WHERE "role" = 'user';
