ALTER TABLE "offer_statuses" ADD COLUMN "is_won" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_statuses" ADD COLUMN "is_lost" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_statuses_company_won_key" ON "offer_statuses" USING btree ("company_id") WHERE "offer_statuses"."is_won";--> statement-breakpoint
-- Companies whose offer statuses are stored: the starter statuses "Vunnet" and "Tapt" become the won
-- and lost ones (never the default status, where new offers start); a company without them gets them
-- at the end of its list. Companies not yet stored get flagged starter statuses from the code.
UPDATE "offer_statuses" SET "is_won" = true
WHERE "id" IN (
  SELECT DISTINCT ON (s."company_id") s."id"
  FROM "offer_statuses" s
  JOIN "offer_configs" c ON c."company_id" = s."company_id"
  WHERE s."name" = 'Vunnet' AND NOT s."is_deleted" AND s."id" IS DISTINCT FROM c."default_status_id"
  ORDER BY s."company_id", s."position", s."created_at"
);--> statement-breakpoint
UPDATE "offer_statuses" s SET "is_lost" = true
FROM "offer_configs" c
WHERE c."company_id" = s."company_id" AND s."name" = 'Tapt' AND NOT s."is_deleted"
  AND s."id" IS DISTINCT FROM c."default_status_id";--> statement-breakpoint
-- A company still without a won or a lost status gets "Vunnet" or "Tapt" after its last one. Ids are
-- UUID v7 like the app's: a random v4 with the millisecond time in front and the version set to 7.
WITH "missing" AS (
  SELECT c."company_id", o."name", o."is_won", o."is_lost", o."ord"
  FROM "offer_configs" c
  CROSS JOIN (VALUES ('Vunnet', true, false, 1), ('Tapt', false, true, 2)) AS o("name", "is_won", "is_lost", "ord")
  WHERE NOT EXISTS (
    SELECT 1 FROM "offer_statuses" s
    WHERE s."company_id" = c."company_id" AND NOT s."is_deleted"
      AND ((o."is_won" AND s."is_won") OR (o."is_lost" AND s."is_lost"))
  )
)
INSERT INTO "offer_statuses" ("id", "company_id", "name", "deadline_days", "position", "is_won", "is_lost")
SELECT
  encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
    placing substring(int8send(floor(extract(epoch from clock_timestamp()) * 1000)::bigint) from 3)
    from 1 for 6), 52, 1), 53, 1), 'hex')::uuid,
  m."company_id", m."name", NULL,
  (SELECT coalesce(max(s."position"), -1) FROM "offer_statuses" s WHERE s."company_id" = m."company_id")
    + row_number() OVER (PARTITION BY m."company_id" ORDER BY m."ord"),
  m."is_won", m."is_lost"
FROM "missing" m;
