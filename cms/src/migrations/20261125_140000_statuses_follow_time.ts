import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Issue 20: statuses that follow time. An appointment that is over (COMPLETED, NO_SHOW) keeps the
 * time it was booked for, so the database guard now counts it like a live booking: a stylist who
 * completes a 14:45–17:00 colour at 15:10 has not freed the chair, and nobody can book 15:00.
 * Staff free the rest explicitly (the end becomes the moment they do: FREED event); a freed
 * no-show at its very start may hold an empty range, hence `date_end >= date_start`.
 *
 * Existing rows: before this, an over booking blocked nothing, so another booking may sit in its
 * time. That is what "free the rest" would have made of it: each such row ends where the first
 * booking in its way starts (an empty range when that one started first). One pass suffices: a
 * row only shrinks, and it ends at or before the start of every row it overlapped.
 *
 * Also: the events UNDONE and FREED, and the settings `noShowGraceMinutes` (10) and
 * `twoStepConfirmation` (off).
 */
const LIVE = `'PENDING', 'APPROVED', 'CONFIRMED', 'PENDING_PAYMENT', 'MODIFIED', 'PENDING_CONFIRMATION'`
const BLOCKING = `${LIVE}, 'COMPLETED', 'NO_SHOW'`

/** The database guard over these statuses: no two such bookings of one operator overlap. */
const noOverlap = (statuses: string) => `
    ALTER TABLE "reservations" DROP CONSTRAINT IF EXISTS "reservations_no_overlap";
    ALTER TABLE "reservations"
      ADD CONSTRAINT "reservations_no_overlap" EXCLUDE USING gist (
        "operator_id" WITH =,
        tstzrange("date_start", "date_end", '[)') WITH &&
      ) WHERE (
        "operator_id" IS NOT NULL AND "date_start" IS NOT NULL AND "date_end" IS NOT NULL
        AND "status" IN (${statuses})
      );`

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(
    sql.raw(`
    ALTER TABLE "config"
      ADD COLUMN IF NOT EXISTS "no_show_grace_minutes" numeric DEFAULT 10 NOT NULL,
      ADD COLUMN IF NOT EXISTS "two_step_confirmation" boolean DEFAULT false,
      ADD CONSTRAINT "config_no_show_grace_minutes_range"
        CHECK ("no_show_grace_minutes" >= 0 AND "no_show_grace_minutes" <= 240);

    ALTER TABLE "reservation_events" DROP CONSTRAINT IF EXISTS "reservation_events_kind_check";
    ALTER TABLE "reservation_events" ADD CONSTRAINT "reservation_events_kind_check"
      CHECK ("kind" IN ('CREATED','CONFIRMED','BOOKED','MOVED','STATUS_CHANGED','EDITED','IMPORTED','UNDONE','FREED'));

    ALTER TABLE "reservations" DROP CONSTRAINT IF EXISTS "reservations_time_order";
    ALTER TABLE "reservations"
      ADD CONSTRAINT "reservations_time_order" CHECK ("date_end" IS NULL OR "date_start" IS NULL OR "date_end" >= "date_start");

    UPDATE "reservations" f SET "date_end" = greatest(f."date_start", c.first_start)
      FROM (
        SELECT o.id, min(b."date_start") AS first_start
          FROM "reservations" o
          JOIN "reservations" b ON b."operator_id" = o."operator_id" AND b.id <> o.id
           AND b."date_start" IS NOT NULL AND b."date_end" IS NOT NULL
           AND b."status" IN (${BLOCKING})
           AND tstzrange(b."date_start", b."date_end", '[)') && tstzrange(o."date_start", o."date_end", '[)')
         WHERE o."status" IN ('COMPLETED', 'NO_SHOW') AND o."operator_id" IS NOT NULL
           AND o."date_start" IS NOT NULL AND o."date_end" IS NOT NULL
         GROUP BY o.id
      ) c
     WHERE f.id = c.id;

    ${noOverlap(BLOCKING)}

    CREATE OR REPLACE FUNCTION "operator_blocks_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock(1396834304, NEW.operator_id);
      IF EXISTS (
        SELECT 1 FROM reservations r
         WHERE r.operator_id = NEW.operator_id
           AND r.date_start IS NOT NULL AND r.date_end IS NOT NULL
           AND tstzrange(r.date_start, r.date_end, '[)') && tstzrange(NEW.date_start, NEW.date_end, '[)')
           AND r.status IN (${BLOCKING})
      ) THEN
        RAISE EXCEPTION 'operator % has a booking within the blocked time', NEW.operator_id
          USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'operator_blocks_no_booking';
      END IF;
      RETURN NEW;
    END $$;

    CREATE OR REPLACE FUNCTION "reservations_block_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.operator_id IS NULL OR NEW.date_start IS NULL OR NEW.date_end IS NULL
         OR NEW.status NOT IN (${BLOCKING}) THEN
        RETURN NEW;
      END IF;
      IF TG_OP = 'UPDATE' AND OLD.operator_id = NEW.operator_id AND OLD.date_start = NEW.date_start
         AND OLD.date_end >= NEW.date_end
         AND OLD.status IN (${BLOCKING}) THEN
        RETURN NEW; -- the same blocking time as before, or less of it: already checked when it was taken
      END IF;
      PERFORM pg_advisory_xact_lock_shared(1396834304, NEW.operator_id);
      IF EXISTS (
        SELECT 1 FROM operator_blocks b
         WHERE b.operator_id = NEW.operator_id
           AND tstzrange(b.date_start, b.date_end, '[)') && tstzrange(NEW.date_start, NEW.date_end, '[)')
      ) THEN
        RAISE EXCEPTION 'operator % is blocked at that time', NEW.operator_id
          USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'reservations_no_block_overlap';
      END IF;
      RETURN NEW;
    END $$;
  `),
  )
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(
    sql.raw(`
    ${noOverlap(LIVE)}
    DELETE FROM "reservation_events" WHERE "kind" IN ('UNDONE', 'FREED');
    ALTER TABLE "reservation_events" DROP CONSTRAINT IF EXISTS "reservation_events_kind_check";
    ALTER TABLE "reservation_events" ADD CONSTRAINT "reservation_events_kind_check"
      CHECK ("kind" IN ('CREATED','CONFIRMED','BOOKED','MOVED','STATUS_CHANGED','EDITED','IMPORTED'));
    ALTER TABLE "config"
      DROP CONSTRAINT IF EXISTS "config_no_show_grace_minutes_range",
      DROP COLUMN IF EXISTS "no_show_grace_minutes",
      DROP COLUMN IF EXISTS "two_step_confirmation";
  `),
  )
}
