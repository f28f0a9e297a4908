import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * The dashboard index (`GET /api/pages/dashboard-index`) sums a period's reservations by status:
 * KPIs, statuses, top operators. This index holds every column those aggregates read, so they
 * are answered from the index alone (an index-only scan over the period) instead of visiting
 * each reservation's row: on 100,000 reservations the top-operators query of a year went from
 * ~90 to ~22 ms (docs/benchmarks.md, "Dashboard index").
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    CREATE INDEX IF NOT EXISTS "reservations_period_totals_idx" ON "reservations" USING btree ("date_start")
      INCLUDE ("status", "total_price", "duration", "operator_id");
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP INDEX IF EXISTS "reservations_period_totals_idx";`)
}
