import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Reminders follow the settings: when the owner changes the reminder hours (or the salon's zone,
 * which decides "the same time the day before"), every upcoming booking's reminders are placed
 * again by the new rule. The change enqueues one keyed `reschedule-reminders` job in its own
 * transaction (jobs/notifications.ts `rescheduleReminders`); several saves in a row replace it, so
 * it runs once, a second after the last.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    CREATE FUNCTION "config_reminders_enqueue"() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.reminder_hours IS DISTINCT FROM OLD.reminder_hours
         OR NEW.second_reminder_hours IS DISTINCT FROM OLD.second_reminder_hours
         OR NEW.timezone IS DISTINCT FROM OLD.timezone THEN
        PERFORM graphile_worker.add_job('reschedule-reminders', '{}'::json, max_attempts := 10,
                  job_key := 'reschedule-reminders', job_key_mode := 'replace',
                  run_at := now() + interval '1 second');
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER "config_reminders_enqueue" AFTER UPDATE ON "config"
      FOR EACH ROW EXECUTE FUNCTION "config_reminders_enqueue"();
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
    DROP TRIGGER IF EXISTS "config_reminders_enqueue" ON "config";
    DROP FUNCTION IF EXISTS "config_reminders_enqueue"();
  `)
}
