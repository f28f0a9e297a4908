import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * One row, `calendar_version.version`, bumped by every committed change of the salon's calendar
 * (settings, opening hours, closures, holidays, operators), so that a booking transaction can
 * check the process's cached calendar with one read instead of reading the five tables again
 * (calendar/salonCalendar.ts `salonCalendar(db, { consistency: 'committed' })`). The bump is a deferred constraint trigger: it
 * runs at commit, in the writing transaction, so the new version becomes visible exactly with the
 * change; and the version row is locked only at the very end of a calendar write, after every
 * other lock that transaction takes, so two calendar writes cannot deadlock on it. TRUNCATE has
 * no row triggers: a statement trigger bumps at once.
 */
const TABLES = ['config', 'business_hours', 'operating_intervals', 'business_closures', 'holidays', 'operators']

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    CREATE TABLE "calendar_version" (
      "id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
      "version" bigint NOT NULL
    );
    INSERT INTO "calendar_version" ("id", "version") VALUES (1, 1);
    CREATE OR REPLACE FUNCTION salon_calendar_bump() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE calendar_version SET version = version + 1 WHERE id = 1;
      RETURN NULL;
    END $$;
  `)
  for (const table of TABLES) {
    await db.execute(
      sql.raw(
        `CREATE CONSTRAINT TRIGGER "${table}_calendar_version" AFTER INSERT OR UPDATE OR DELETE ON "${table}"
           DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION salon_calendar_bump();
         CREATE TRIGGER "${table}_calendar_version_truncate" AFTER TRUNCATE ON "${table}"
           FOR EACH STATEMENT EXECUTE FUNCTION salon_calendar_bump();`,
      ),
    )
  }
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  for (const table of TABLES) {
    await db.execute(
      sql.raw(
        `DROP TRIGGER IF EXISTS "${table}_calendar_version" ON "${table}";
         DROP TRIGGER IF EXISTS "${table}_calendar_version_truncate" ON "${table}";`,
      ),
    )
  }
  await db.execute(sql`DROP FUNCTION IF EXISTS salon_calendar_bump(); DROP TABLE IF EXISTS "calendar_version";`)
}
