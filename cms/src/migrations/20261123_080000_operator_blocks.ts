import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Blocked time of one operator (training, leave, a doctor's visit): busy like a booking for the
 * engine (services/calendar.ts reads blocks with the reservations) and for the database guard.
 *
 * The guard spans two tables, so it is two triggers sharing one advisory lock per operator
 * (first key 0x53420000, second the operator id): every blocking reservation write takes it
 * *shared* — writes of bookings never wait for each other here — and every block write takes it
 * *exclusive*. Whichever commits first is seen by the other's check (READ COMMITTED: each check
 * is a new statement, run after the lock is granted, so after the other side committed). A
 * violation is SQLSTATE 23P01 like the reservations' own exclusion constraint, answered 409.
 * Blocks of one operator never overlap each other (exclusion constraint). Expired holds are
 * removed by the app before a block is written (the guard cannot use now()).
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    CREATE TABLE "operator_blocks" (
      "id" serial PRIMARY KEY,
      "operator_id" integer NOT NULL REFERENCES "operators" ("id") ON DELETE CASCADE,
      "date_start" timestamp(3) with time zone NOT NULL,
      "date_end" timestamp(3) with time zone NOT NULL,
      "reason" varchar(120),
      "created_by" integer REFERENCES "users" ("id") ON DELETE SET NULL,
      "created_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
      "updated_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
      CONSTRAINT "operator_blocks_time_order" CHECK ("date_end" > "date_start"),
      CONSTRAINT "operator_blocks_no_overlap" EXCLUDE USING gist (
        "operator_id" WITH =,
        tstzrange("date_start", "date_end", '[)') WITH &&
      )
    );
    CREATE INDEX "operator_blocks_start_idx" ON "operator_blocks" ("date_start");

    CREATE FUNCTION "operator_blocks_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock(1396834304, NEW.operator_id);
      IF EXISTS (
        SELECT 1 FROM reservations r
         WHERE r.operator_id = NEW.operator_id
           AND r.date_start < NEW.date_end AND r.date_end > NEW.date_start
           AND r.status IN ('PENDING', 'APPROVED', 'CONFIRMED', 'PENDING_PAYMENT', 'MODIFIED', 'PENDING_CONFIRMATION')
      ) THEN
        RAISE EXCEPTION 'operator % has a booking within the blocked time', NEW.operator_id
          USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'operator_blocks_no_booking';
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER "operator_blocks_guard" BEFORE INSERT OR UPDATE OF "operator_id", "date_start", "date_end"
      ON "operator_blocks" FOR EACH ROW EXECUTE FUNCTION "operator_blocks_guard"();

    CREATE FUNCTION "reservations_block_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.operator_id IS NULL OR NEW.date_start IS NULL OR NEW.date_end IS NULL
         OR NEW.status NOT IN ('PENDING', 'APPROVED', 'CONFIRMED', 'PENDING_PAYMENT', 'MODIFIED', 'PENDING_CONFIRMATION') THEN
        RETURN NEW;
      END IF;
      IF TG_OP = 'UPDATE' AND OLD.operator_id = NEW.operator_id AND OLD.date_start = NEW.date_start
         AND OLD.date_end = NEW.date_end
         AND OLD.status IN ('PENDING', 'APPROVED', 'CONFIRMED', 'PENDING_PAYMENT', 'MODIFIED', 'PENDING_CONFIRMATION') THEN
        RETURN NEW; -- the same blocking time as before: already checked when it was taken
      END IF;
      PERFORM pg_advisory_xact_lock_shared(1396834304, NEW.operator_id);
      IF EXISTS (
        SELECT 1 FROM operator_blocks b
         WHERE b.operator_id = NEW.operator_id AND b.date_start < NEW.date_end AND b.date_end > NEW.date_start
      ) THEN
        RAISE EXCEPTION 'operator % is blocked at that time', NEW.operator_id
          USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'reservations_no_block_overlap';
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER "reservations_block_guard" BEFORE INSERT OR UPDATE OF "operator_id", "date_start", "date_end", "status"
      ON "reservations" FOR EACH ROW EXECUTE FUNCTION "reservations_block_guard"();
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
    DROP TRIGGER IF EXISTS "reservations_block_guard" ON "reservations";
    DROP FUNCTION IF EXISTS "reservations_block_guard"();
    DROP TABLE IF EXISTS "operator_blocks";
    DROP FUNCTION IF EXISTS "operator_blocks_guard"();
  `)
}
