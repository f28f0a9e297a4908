import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * The notification settings of issue 12 (docs/notifications.md): which booking mails go out, the
 * reminders' hours, and the automatic completion. The mail worker reads these columns with SQL.
 * Every column has its default and is NOT NULL, so the existing settings row gets the defaults and
 * the worker never has to read a null. The hour bounds are checked by the shared schema (Config.ts);
 * the CHECKs here keep a hand-written UPDATE from storing a value the worker would misread.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    ALTER TABLE "config"
      ADD COLUMN "mail_customer_bookings" boolean DEFAULT true NOT NULL,
      ADD COLUMN "mail_customer_changes" boolean DEFAULT true NOT NULL,
      ADD COLUMN "reminder_hours" numeric DEFAULT 24 NOT NULL,
      ADD COLUMN "second_reminder_hours" numeric DEFAULT 0 NOT NULL,
      ADD COLUMN "mail_salon_new_bookings" boolean DEFAULT true NOT NULL,
      ADD COLUMN "mail_salon_cancellations" boolean DEFAULT true NOT NULL,
      ADD COLUMN "auto_complete_hours" numeric DEFAULT 0 NOT NULL,
      ADD CONSTRAINT "config_reminder_hours_range" CHECK ("reminder_hours" >= 0 AND "reminder_hours" <= 168),
      ADD CONSTRAINT "config_second_reminder_hours_range"
        CHECK ("second_reminder_hours" >= 0 AND "second_reminder_hours" <= 48),
      ADD CONSTRAINT "config_auto_complete_hours_range"
        CHECK ("auto_complete_hours" >= 0 AND "auto_complete_hours" <= 168);`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
    ALTER TABLE "config"
      DROP COLUMN IF EXISTS "mail_customer_bookings",
      DROP COLUMN IF EXISTS "mail_customer_changes",
      DROP COLUMN IF EXISTS "reminder_hours",
      DROP COLUMN IF EXISTS "second_reminder_hours",
      DROP COLUMN IF EXISTS "mail_salon_new_bookings",
      DROP COLUMN IF EXISTS "mail_salon_cancellations",
      DROP COLUMN IF EXISTS "auto_complete_hours";`)
}
