CREATE TABLE "auth_throttle" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "auth_throttle_kind_key_pk" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
CREATE TABLE "sign_in_addresses" (
	"user_id" uuid NOT NULL,
	"address" text NOT NULL,
	"last_signed_in_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_addresses_user_id_address_pk" PRIMARY KEY("user_id","address")
);
--> statement-breakpoint
DROP TABLE "login_failures" CASCADE;--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sign_in_addresses" ADD CONSTRAINT "sign_in_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_throttle_window_idx" ON "auth_throttle" USING btree ("window_started_at");