ALTER TABLE "users" ADD COLUMN "last_signed_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
-- Sign-ins before this version: the last one each user made from any address is remembered for throttling.
UPDATE "users" SET "last_signed_in_at" = (
	SELECT max("last_signed_in_at") FROM "sign_in_addresses" WHERE "sign_in_addresses"."user_id" = "users"."id"
);
