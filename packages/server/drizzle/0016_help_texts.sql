CREATE TABLE "help_texts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"screen" text NOT NULL,
	"locale" text NOT NULL,
	"markdown" text NOT NULL,
	"html" text NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "help_texts" ADD CONSTRAINT "help_texts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "help_texts_company_screen_locale_key" ON "help_texts" USING btree ("company_id","screen","locale");--> statement-breakpoint
-- Hand-written (keep when regenerating): everyone who had an account before release notes existed
-- has used 0.1.0, so the web app shows them what is new since then once. Users created later have no
-- last seen version, and their first sign-in records the running one without showing the notes.
UPDATE "users" SET "profile" = "profile" || '{"lastSeenVersion":"0.1.0"}'::jsonb WHERE NOT ("profile" ? 'lastSeenVersion');
