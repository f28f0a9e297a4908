import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Issue 27, the waitlist (docs/architecture.md "Waitlist", docs/notifications.md "Waitlist offers"):
 *
 * - `waitlist_entries`: who waits (their card; their account when they have one, else no automatic
 *   offer), for which services, operator (null = anyone), local days and wall-clock window.
 * - `waitlist_offers`: a time offered to an entry, held by a timed draft (`reservation_id`, the
 *   wizard's PENDING_CONFIRMATION draft with a time: the booking guard holds it) until `expires_at`.
 *   At most one OPEN offer per entry (partial unique index); the queue never offers one entry one
 *   start twice (unique entry, start among the queue's offers; staff may offer a time again by hand).
 * - **Taken**: a draft of an OPEN offer confirmed (any status out of PENDING_CONFIRMATION but a
 *   cancellation) makes the offer TAKEN and its entry BOOKED in the confirm's own transaction
 *   (trigger `reservations_waitlist_taken`): whatever confirms it, nothing can book it without the
 *   offer knowing, and no job can run late.
 * - **Scans**: the queue's `waitlist-scan` job (one `job_key`, so repeated triggers collapse; queue
 *   `waitlist`, so it runs one at a time across processes) is added by the database itself when a
 *   time may have freed up — a blocking booking with a time stops blocking, moves, shrinks or is
 *   deleted; an operator block, leave or a closure is changed or deleted; a rota row changes — and
 *   only while an ACTIVE entry exists (`waitlist_scan_soon`: one cheap EXISTS), so the booking hot
 *   path pays nothing otherwise.
 * - `sms_messages.purpose` accepts 'waitlist_offer'.
 */

const BLOCKING = `'PENDING', 'APPROVED', 'CONFIRMED', 'PENDING_PAYMENT', 'MODIFIED', 'PENDING_CONFIRMATION', 'COMPLETED', 'NO_SHOW'`
const PURPOSES = `'phone_verification', 'second_factor', 'reminder', 'confirmation'`

/** Statement-level scan triggers: the tables whose changes may free time. */
const FREEING = [
  ['operator_blocks', 'UPDATE OR DELETE'],
  ['operator_leave', 'UPDATE OR DELETE'],
  ['business_closures', 'UPDATE OR DELETE'],
  ['operator_schedules', 'INSERT OR UPDATE OR DELETE'],
  ['operator_shift_exceptions', 'INSERT OR UPDATE OR DELETE'],
] as const

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(
    sql.raw(`
    CREATE TABLE "waitlist_entries" (
      "id" serial PRIMARY KEY,
      "user_id" integer REFERENCES "users"("id") ON DELETE CASCADE,
      "client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE CASCADE,
      "operator_id" integer REFERENCES "operators"("id") ON DELETE CASCADE,
      "services" integer[] NOT NULL CHECK (cardinality("services") >= 1),
      "days" date[] NOT NULL CHECK (cardinality("days") BETWEEN 1 AND 14),
      "from_time" time NOT NULL,
      "to_time" time NOT NULL,
      "status" varchar NOT NULL DEFAULT 'ACTIVE' CHECK ("status" IN ('ACTIVE', 'BOOKED', 'EXPIRED', 'REMOVED')),
      "created_by_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "ended_at" timestamptz,
      CONSTRAINT "waitlist_entries_window" CHECK ("from_time" < "to_time")
    );
    CREATE INDEX "waitlist_entries_active_idx" ON "waitlist_entries" ("created_at", "id") WHERE "status" = 'ACTIVE';
    CREATE INDEX "waitlist_entries_user_idx" ON "waitlist_entries" ("user_id");
    CREATE INDEX "waitlist_entries_client_idx" ON "waitlist_entries" ("client_id");
    CREATE INDEX "waitlist_entries_days_idx" ON "waitlist_entries" USING gin ("days");

    CREATE TABLE "waitlist_offers" (
      "id" serial PRIMARY KEY,
      "entry_id" integer NOT NULL REFERENCES "waitlist_entries"("id") ON DELETE CASCADE,
      "reservation_id" integer REFERENCES "reservations"("id") ON DELETE SET NULL,
      "date_start" timestamptz NOT NULL,
      "date_end" timestamptz NOT NULL,
      "operator_id" integer REFERENCES "operators"("id") ON DELETE SET NULL,
      "status" varchar NOT NULL DEFAULT 'OPEN' CHECK ("status" IN ('OPEN', 'TAKEN', 'EXPIRED', 'WITHDRAWN')),
      "expires_at" timestamptz NOT NULL,
      "by_hand" boolean NOT NULL DEFAULT false,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "decided_at" timestamptz
    );
    CREATE UNIQUE INDEX "waitlist_offers_one_open" ON "waitlist_offers" ("entry_id") WHERE "status" = 'OPEN';
    CREATE UNIQUE INDEX "waitlist_offers_once_per_start" ON "waitlist_offers" ("entry_id", "date_start") WHERE NOT "by_hand";
    CREATE INDEX "waitlist_offers_reservation_idx" ON "waitlist_offers" ("reservation_id") WHERE "reservation_id" IS NOT NULL;

    -- A scan soon, only while someone waits: one key, so a burst of changes is one scan.
    CREATE FUNCTION "waitlist_scan_soon"() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM waitlist_entries WHERE status = 'ACTIVE') THEN
        PERFORM graphile_worker.add_job('waitlist-scan', '{}'::json, queue_name := 'waitlist',
                                        job_key := 'waitlist-scan', job_key_mode := 'preserve_run_at',
                                        max_attempts := 5);
      END IF;
      RETURN NULL;
    END $$;

    CREATE TRIGGER "reservations_waitlist_freed" AFTER UPDATE ON "reservations"
      FOR EACH ROW WHEN (
        OLD.date_start IS NOT NULL AND OLD.status IN (${BLOCKING}) AND (
          NEW.status NOT IN (${BLOCKING}) OR NEW.date_start IS DISTINCT FROM OLD.date_start
          OR NEW.operator_id IS DISTINCT FROM OLD.operator_id OR NEW.date_end < OLD.date_end))
      EXECUTE FUNCTION "waitlist_scan_soon"();
    CREATE TRIGGER "reservations_waitlist_deleted" AFTER DELETE ON "reservations"
      FOR EACH ROW WHEN (OLD.date_start IS NOT NULL AND OLD.status IN (${BLOCKING}))
      EXECUTE FUNCTION "waitlist_scan_soon"();
    ${FREEING.map(
      ([table, ops]) => `CREATE TRIGGER "${table}_waitlist_freed" AFTER ${ops} ON "${table}"
      FOR EACH STATEMENT EXECUTE FUNCTION "waitlist_scan_soon"();`,
    ).join('\n    ')}

    -- The held draft of an OPEN offer leaves PENDING_CONFIRMATION: booked (TAKEN, entry BOOKED), or
    -- dropped by a cancellation (WITHDRAWN, the entry waits on).
    CREATE FUNCTION "reservations_waitlist_taken"() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE taken boolean := NEW.status NOT IN ('CANCELLED', 'REJECTED');
    BEGIN
      WITH o AS (
        UPDATE waitlist_offers SET status = CASE WHEN taken THEN 'TAKEN' ELSE 'WITHDRAWN' END, decided_at = now()
         WHERE reservation_id = NEW.id AND status = 'OPEN' RETURNING entry_id)
      UPDATE waitlist_entries e SET status = 'BOOKED', ended_at = now()
        FROM o WHERE taken AND e.id = o.entry_id AND e.status = 'ACTIVE';
      RETURN NULL;
    END $$;
    CREATE TRIGGER "reservations_waitlist_taken" AFTER UPDATE OF "status" ON "reservations"
      FOR EACH ROW WHEN (OLD.status = 'PENDING_CONFIRMATION' AND NEW.status <> 'PENDING_CONFIRMATION')
      EXECUTE FUNCTION "reservations_waitlist_taken"();

    ALTER TABLE "sms_messages" DROP CONSTRAINT IF EXISTS "sms_messages_purpose_check";
    ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_purpose_check"
      CHECK ("purpose" IN (${PURPOSES}, 'waitlist_offer'));
  `),
  )
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(
    sql.raw(`
    DELETE FROM "sms_messages" WHERE "purpose" = 'waitlist_offer';
    ALTER TABLE "sms_messages" DROP CONSTRAINT IF EXISTS "sms_messages_purpose_check";
    ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_purpose_check" CHECK ("purpose" IN (${PURPOSES}));
    DROP TRIGGER IF EXISTS "reservations_waitlist_taken" ON "reservations";
    DROP FUNCTION IF EXISTS "reservations_waitlist_taken"();
    DROP TRIGGER IF EXISTS "reservations_waitlist_freed" ON "reservations";
    DROP TRIGGER IF EXISTS "reservations_waitlist_deleted" ON "reservations";
    ${FREEING.map(([table]) => `DROP TRIGGER IF EXISTS "${table}_waitlist_freed" ON "${table}";`).join('\n    ')}
    DROP FUNCTION IF EXISTS "waitlist_scan_soon"();
    DROP TABLE IF EXISTS "waitlist_offers";
    DROP TABLE IF EXISTS "waitlist_entries";
  `),
  )
}
