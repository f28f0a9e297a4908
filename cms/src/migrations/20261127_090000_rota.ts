import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Issue 23: who works when.
 *
 * - `operator_schedules`: an operator's repeating working pattern from `valid_from` on (until the
 *   next one of the same operator), `cycle_weeks` 1–4, `days` as JSON
 *   (`[{ week, day_of_week, intervals: [{ opening_time, closing_time }] }]`: read whole by the
 *   engine, never queried by its parts).
 * - `operator_shift_exceptions`: one day with other hours (`intervals` `[]` = not working).
 * - `operator_leave`: the Payload collection `operator-leave` (ferie, permesso, malattia,
 *   formazione over whole or partial days).
 * - `reservations.shift_override`: staff booked outside the shift on purpose.
 *
 * All three tables are part of the salon's calendar: the version bump at commit and the NOTIFY
 * (migrations …_calendar_version, …_calendar_notify), so every process obeys a change with its
 * next request.
 *
 * **Leave guard.** A blocking booking written over saved leave without `shift_override` is refused
 * (SQLSTATE 23P01, constraint `reservations_leave_guard`), so a confirm that read the calendar
 * before the leave was saved cannot land inside it afterwards. Same protocol as operator blocks: a
 * leave write takes the per-operator advisory lock (0x53420000, operator) exclusively — it waits
 * for that operator's bookings in flight (their write took it shared in `reservations_block_guard`)
 * — and a booking's check runs after its shared lock is granted, so it sees leave committed before.
 * Leave over *existing* bookings is allowed (they are listed to be reassigned).
 */
const BLOCKING = `'PENDING', 'APPROVED', 'CONFIRMED', 'PENDING_PAYMENT', 'MODIFIED', 'PENDING_CONFIRMATION', 'COMPLETED', 'NO_SHOW'`
const TABLES = ['operator_schedules', 'operator_shift_exceptions', 'operator_leave']

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(
    sql.raw(`
    CREATE TABLE "operator_schedules" (
      "id" serial PRIMARY KEY,
      "operator_id" integer NOT NULL REFERENCES "operators" ("id") ON DELETE CASCADE,
      "valid_from" date NOT NULL,
      "cycle_weeks" integer NOT NULL DEFAULT 1 CHECK ("cycle_weeks" BETWEEN 1 AND 4),
      "days" jsonb NOT NULL DEFAULT '[]'::jsonb,
      "created_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
      "updated_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
      CONSTRAINT "operator_schedules_one_per_day" UNIQUE ("operator_id", "valid_from")
    );

    CREATE TABLE "operator_shift_exceptions" (
      "id" serial PRIMARY KEY,
      "operator_id" integer NOT NULL REFERENCES "operators" ("id") ON DELETE CASCADE,
      "date" date NOT NULL,
      "intervals" jsonb NOT NULL DEFAULT '[]'::jsonb,
      "note" varchar(200),
      "created_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
      "updated_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
      CONSTRAINT "operator_shift_exceptions_one_per_day" UNIQUE ("operator_id", "date")
    );

    CREATE TYPE "public"."enum_operator_leave_kind" AS ENUM('ANNUAL', 'PERMIT', 'SICK', 'TRAINING');
    CREATE TABLE "operator_leave" (
      "id" serial PRIMARY KEY NOT NULL,
      "operator_id" integer NOT NULL,
      "kind" "enum_operator_leave_kind" NOT NULL,
      "start" timestamp(3) with time zone NOT NULL,
      "end" timestamp(3) with time zone NOT NULL,
      "note" varchar,
      "updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
      "created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
      CONSTRAINT "operator_leave_time_order" CHECK ("end" > "start")
    );
    ALTER TABLE "operator_leave" ADD CONSTRAINT "operator_leave_operator_id_operators_id_fk"
      FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;
    CREATE INDEX "operator_leave_operator_idx" ON "operator_leave" USING btree ("operator_id");
    CREATE INDEX "operator_leave_start_idx" ON "operator_leave" USING btree ("start");
    CREATE INDEX "operator_leave_updated_at_idx" ON "operator_leave" USING btree ("updated_at");
    CREATE INDEX "operator_leave_created_at_idx" ON "operator_leave" USING btree ("created_at");

    ALTER TABLE "reservations" ADD COLUMN "shift_override" boolean NOT NULL DEFAULT false;

    CREATE FUNCTION "operator_leave_lock"() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- Wait for this operator's bookings in flight; bookings that start now wait for this commit.
      PERFORM pg_advisory_xact_lock(1396834304, NEW.operator_id);
      IF TG_OP = 'UPDATE' AND OLD.operator_id <> NEW.operator_id THEN
        PERFORM pg_advisory_xact_lock(1396834304, OLD.operator_id);
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER "operator_leave_lock" BEFORE INSERT OR UPDATE ON "operator_leave"
      FOR EACH ROW EXECUTE FUNCTION "operator_leave_lock"();

    CREATE FUNCTION "reservations_leave_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.shift_override OR NEW.operator_id IS NULL OR NEW.date_start IS NULL OR NEW.date_end IS NULL
         OR NEW.status NOT IN (${BLOCKING}) THEN
        RETURN NEW;
      END IF;
      IF TG_OP = 'UPDATE' AND OLD.operator_id = NEW.operator_id AND OLD.status IN (${BLOCKING})
         AND OLD.date_start IS NOT NULL AND OLD.date_end IS NOT NULL
         AND NEW.date_start >= OLD.date_start AND NEW.date_end <= OLD.date_end THEN
        RETURN NEW; -- the same time as before, or less of it: leave saved since does not undo it
      END IF;
      PERFORM pg_advisory_xact_lock_shared(1396834304, NEW.operator_id);
      IF EXISTS (
        SELECT 1 FROM operator_leave l
         WHERE l.operator_id = NEW.operator_id AND l.start < NEW.date_end AND l."end" > NEW.date_start
      ) THEN
        RAISE EXCEPTION 'operator % is on leave at that time', NEW.operator_id
          USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'reservations_leave_guard';
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER "reservations_leave_guard"
      BEFORE INSERT OR UPDATE OF "operator_id", "date_start", "date_end", "status", "shift_override"
      ON "reservations" FOR EACH ROW EXECUTE FUNCTION "reservations_leave_guard"();
  `),
  )
  for (const table of TABLES) {
    await db.execute(
      sql.raw(
        `CREATE CONSTRAINT TRIGGER "${table}_calendar_version" AFTER INSERT OR UPDATE OR DELETE ON "${table}"
           DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION salon_calendar_bump();
         CREATE TRIGGER "${table}_calendar_version_truncate" AFTER TRUNCATE ON "${table}"
           FOR EACH STATEMENT EXECUTE FUNCTION salon_calendar_bump();
         CREATE TRIGGER "${table}_calendar_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}"
           FOR EACH STATEMENT EXECUTE FUNCTION salon_calendar_changed();`,
      ),
    )
  }
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(
    sql.raw(`
    DROP TRIGGER IF EXISTS "reservations_leave_guard" ON "reservations";
    DROP FUNCTION IF EXISTS "reservations_leave_guard"();
    ALTER TABLE "reservations" DROP COLUMN IF EXISTS "shift_override";
    DROP TABLE IF EXISTS "operator_leave";
    DROP FUNCTION IF EXISTS "operator_leave_lock"();
    DROP TYPE IF EXISTS "public"."enum_operator_leave_kind";
    DROP TABLE IF EXISTS "operator_shift_exceptions";
    DROP TABLE IF EXISTS "operator_schedules";
  `),
  )
}
