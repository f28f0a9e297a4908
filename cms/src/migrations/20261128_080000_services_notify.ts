import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * The availability reads keep every service in the process's copy, beside the calendar
 * (calendar/salonCalendar.ts `cachedServices`, issue 28). So that a change of a service, its
 * operators or its phases is obeyed at once — whoever wrote it, in whichever process — those tables
 * send `NOTIFY salon_calendar` at commit like the calendar's own tables (migration
 * …_calendar_notify, the same trigger function). The calendar's version is not bumped: the writes
 * never read services from the copy.
 */
const TABLES = ['services', 'services_rels', 'services_phases']

export async function up({ db }: MigrateUpArgs): Promise<void> {
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
}
