import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Issue 26 §5, SMS reminders and the attendance link (docs/notifications.md "SMS reminders"):
 *
 * - `config.sms_reminders`, `config.sms_confirmations`: the salon's two switches (off by default).
 * - `clients.sms_consent` (+ `sms_consent_at`): the person's consent to SMS, on their card — set by
 *   the customer in the reserved area (their own card) or by the desk, who asked them. The card is
 *   the one place the worker reads (every account has one, migration 20261127_120000_clients).
 * - `reservations.customer_confirmed_at`: the customer confirmed attendance through the link.
 *   A booking moved to another time is no longer confirmed (trigger `reservations_confirmation_follows_time`).
 * - `clients_merge` keeps the consent as it keeps the marketing one: given on either card, given on
 *   the kept one (its definition is read back and the one assignment added, not retyped).
 */

const MERGE_MARKETING = 'marketing_consent = k.marketing_consent OR d.marketing_consent,'
const MERGE_SMS = `${MERGE_MARKETING}
        sms_consent = k.sms_consent OR d.sms_consent,
        sms_consent_at = CASE WHEN k.sms_consent THEN k.sms_consent_at ELSE d.sms_consent_at END,`

/** Rewrites `clients_merge` with `from` replaced by `to` (refuses when `from` is not in it). */
const rewriteMerge = (from: string, to: string) => `
    DO $do$
    DECLARE def text;
    BEGIN
      SELECT pg_get_functiondef('clients_merge(integer,integer)'::regprocedure) INTO def;
      IF position(${quote(from)} in def) = 0 THEN
        RAISE EXCEPTION 'clients_merge is not the one this migration knows';
      END IF;
      EXECUTE replace(def, ${quote(from)}, ${quote(to)});
    END $do$;`

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    ALTER TABLE "config"
      ADD COLUMN "sms_reminders" boolean DEFAULT false NOT NULL,
      ADD COLUMN "sms_confirmations" boolean DEFAULT false NOT NULL;
    ALTER TABLE "clients"
      ADD COLUMN "sms_consent" boolean DEFAULT false NOT NULL,
      ADD COLUMN "sms_consent_at" timestamp(3) with time zone;
    ALTER TABLE "reservations" ADD COLUMN "customer_confirmed_at" timestamp(3) with time zone;

    CREATE FUNCTION "reservations_confirmation_follows_time"() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.customer_confirmed_at := NULL;
      RETURN NEW;
    END $$;
    CREATE TRIGGER "reservations_confirmation_follows_time" BEFORE UPDATE OF "date_start" ON "reservations"
      FOR EACH ROW WHEN (NEW.date_start IS DISTINCT FROM OLD.date_start AND OLD.customer_confirmed_at IS NOT NULL)
      EXECUTE FUNCTION "reservations_confirmation_follows_time"();
  `)
  await db.execute(sql.raw(rewriteMerge(MERGE_MARKETING, MERGE_SMS)))
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql.raw(rewriteMerge(MERGE_SMS, MERGE_MARKETING)))
  await db.execute(sql`
    DROP TRIGGER IF EXISTS "reservations_confirmation_follows_time" ON "reservations";
    DROP FUNCTION IF EXISTS "reservations_confirmation_follows_time"();
    ALTER TABLE "reservations" DROP COLUMN IF EXISTS "customer_confirmed_at";
    ALTER TABLE "clients" DROP COLUMN IF EXISTS "sms_consent", DROP COLUMN IF EXISTS "sms_consent_at";
    ALTER TABLE "config" DROP COLUMN IF EXISTS "sms_reminders", DROP COLUMN IF EXISTS "sms_confirmations";
  `)
}
