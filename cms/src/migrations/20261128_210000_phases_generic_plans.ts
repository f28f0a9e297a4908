import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * The trigger that writes a booking's phases (`reservation_phases_sync`, migration …_phases) runs on
 * generic plans. Its two statements expand the booking's plan through `reservation_phase_rows`; with
 * PostgreSQL's default (`plan_cache_mode = auto`) they were planned afresh at every booking written —
 * 1.2 and 1.4 ms of planning (BENCH_PGSS, issue 28), inside the write that holds the operator's
 * lock for the day, so every other booking of that operator waited for it too. Their rows are found
 * by the booking's own values whatever they are, so the generic plan is as good. The setting holds
 * while the function runs; a later `CREATE OR REPLACE` of it must repeat the `SET` clause.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql.raw(`ALTER FUNCTION "reservation_phases_sync"() SET plan_cache_mode = force_generic_plan;`))
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql.raw(`ALTER FUNCTION "reservation_phases_sync"() RESET plan_cache_mode;`))
}
