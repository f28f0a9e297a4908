import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * No double booking, ever: PostgreSQL refuses two blocking reservations of one operator whose
 * [date_start, date_end) ranges overlap — whatever process, endpoint or admin writes them.
 * Expired PENDING_CONFIRMATION holds are removed by the app (the WHERE of a constraint cannot
 * use now()). A violation is SQLSTATE 23P01, answered 409 by the API.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    CREATE EXTENSION IF NOT EXISTS btree_gist;

    ALTER TABLE "reservations"
      ADD CONSTRAINT "reservations_time_order" CHECK ("date_end" IS NULL OR "date_start" IS NULL OR "date_end" > "date_start");

    ALTER TABLE "reservations"
      ADD CONSTRAINT "reservations_no_overlap" EXCLUDE USING gist (
        "operator_id" WITH =,
        tstzrange("date_start", "date_end", '[)') WITH &&
      ) WHERE (
        "operator_id" IS NOT NULL AND "date_start" IS NOT NULL AND "date_end" IS NOT NULL
        AND "status" IN ('PENDING', 'APPROVED', 'CONFIRMED', 'PENDING_PAYMENT', 'MODIFIED', 'PENDING_CONFIRMATION')
      );

    CREATE INDEX IF NOT EXISTS "reservations_operator_start_idx" ON "reservations" ("operator_id", "date_start");
    CREATE INDEX IF NOT EXISTS "reservations_user_start_idx" ON "reservations" ("user_id", "date_start");
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
    DROP INDEX IF EXISTS "reservations_user_start_idx";
    DROP INDEX IF EXISTS "reservations_operator_start_idx";
    ALTER TABLE "reservations" DROP CONSTRAINT IF EXISTS "reservations_no_overlap";
    ALTER TABLE "reservations" DROP CONSTRAINT IF EXISTS "reservations_time_order";
  `)
}
