import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Every app process caches the salon's calendar (settings, opening hours, closures, holidays,
 * operators). A statement-level trigger on those tables sends NOTIFY salon_calendar, which
 * PostgreSQL delivers when the writing transaction commits — whoever wrote (Payload, raw SQL,
 * another process) — and every process drops its copy (cms/src/services/calendar.ts).
 */
const TABLES = ['config', 'business_hours', 'operating_intervals', 'business_closures', 'holidays', 'operators']

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    CREATE OR REPLACE FUNCTION salon_calendar_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('salon_calendar', TG_TABLE_NAME);
      RETURN NULL;
    END $$;
  `)
  for (const table of TABLES) {
    await db.execute(
      sql.raw(
        `CREATE TRIGGER "${table}_calendar_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}"
           FOR EACH STATEMENT EXECUTE FUNCTION salon_calendar_changed();`,
      ),
    )
  }
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  for (const table of TABLES) {
    await db.execute(sql.raw(`DROP TRIGGER IF EXISTS "${table}_calendar_changed" ON "${table}";`))
  }
  await db.execute(sql`DROP FUNCTION IF EXISTS salon_calendar_changed();`)
}
