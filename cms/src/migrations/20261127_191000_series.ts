import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Issue 27 §4, repeating appointments (docs/api.md "Repeating appointments"):
 *
 * - `reservation_series`: one row per series — for whom (the account and/or the card), every how
 *   many weeks, `count` or `until` as asked, who made it and when. Each occurrence is an ordinary
 *   reservation carrying `series_id` and its `series_index` (0 = the first as asked; a skipped
 *   index has no row). A series row removed leaves its bookings standing on their own (SET NULL).
 * - `config.series_for_customers`: customers may book a series themselves (off by default; staff
 *   always may).
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    CREATE TABLE "reservation_series" (
      "id" serial PRIMARY KEY,
      "user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
      "client_id" integer REFERENCES "clients"("id") ON DELETE SET NULL,
      "every_weeks" integer NOT NULL CHECK ("every_weeks" BETWEEN 1 AND 12),
      "count" integer CHECK ("count" BETWEEN 2 AND 26),
      "until" date,
      "created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
      "created_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
      CHECK (("count" IS NULL) <> ("until" IS NULL))
    );
    CREATE INDEX "reservation_series_user_idx" ON "reservation_series" ("user_id");
    ALTER TABLE "reservations"
      ADD COLUMN "series_id" integer REFERENCES "reservation_series"("id") ON DELETE SET NULL,
      ADD COLUMN "series_index" integer,
      ADD CONSTRAINT "reservations_series_index" CHECK ("series_id" IS NULL OR "series_index" >= 0);
    CREATE UNIQUE INDEX "reservations_series_idx" ON "reservations" ("series_id", "series_index")
      WHERE "series_id" IS NOT NULL;
    ALTER TABLE "config" ADD COLUMN "series_for_customers" boolean DEFAULT false;
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
    ALTER TABLE "config" DROP COLUMN IF EXISTS "series_for_customers";
    DROP INDEX IF EXISTS "reservations_series_idx";
    ALTER TABLE "reservations" DROP CONSTRAINT IF EXISTS "reservations_series_index",
      DROP COLUMN IF EXISTS "series_index", DROP COLUMN IF EXISTS "series_id";
    DROP TABLE IF EXISTS "reservation_series";
  `)
}
