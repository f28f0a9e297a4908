import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Brute-force counters (login, recovery, code checks) live in PostgreSQL so that every app
 * process counts the same attempts: one row per key and fixed time window.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    CREATE TABLE IF NOT EXISTS "rate_limits" (
      "key" varchar NOT NULL,
      "window_start" timestamp(3) with time zone NOT NULL,
      "hits" integer NOT NULL DEFAULT 0,
      PRIMARY KEY ("key", "window_start")
    );
    CREATE INDEX IF NOT EXISTS "rate_limits_window_idx" ON "rate_limits" ("window_start");
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE IF EXISTS "rate_limits";`)
}
