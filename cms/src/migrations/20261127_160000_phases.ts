import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Issue 25: services the way a salon works them — phases, clean-up, stations — with "no double
 * booking, ever" kept by PostgreSQL.
 *
 * - `stations` (Payload collection): the kinds of station with their count (lavatesta × 1).
 * - `services_phases` (the services' Payload array `phases`): minutes, operator busy or free
 *   (*tempo di posa*), an optional station, a label. Every existing service becomes one busy phase
 *   of its `time`, so nothing changes for a salon that does not use phases. `services.cleanup_minutes`.
 * - `reservations.plan`: the booking's plan as agreed when it was booked (shared/src/booking/
 *   phases.ts `PlanSegment[]`, minutes from the start); null = one busy block (every booking so far).
 * - `reservation_phases`: the stretches of every *blocking* booking in time, derived by the
 *   database from each reservation write (trigger `reservation_phases_sync`, whatever writes it):
 *   `reservation_phase_rows(plan, date_start, date_end)` places the plan — the SQL twin of
 *   `placePlan` (cms/tests/int/phases.test.ts checks they agree).
 *
 * **The guarantees.**
 * 1. Operators: an exclusion constraint on the busy stretches (`reservation_phases_operator_no_overlap`):
 *    no two bookings ever hold one operator in overlapping busy stretches; a booking may sit inside
 *    another's *tempo di posa*. It replaces `reservations_no_overlap` on the whole booking, whose
 *    partial GiST index stays as a plain index for the reads (calendar.ts `blockingDuring`).
 * 2. Stations: never more holds on a kind than its count at any instant. A count is not an
 *    equality, so no exclusion constraint can say it: a lock protocol does. Every insert of a
 *    stretch holding station k takes the advisory lock (0x53430000, k) exclusively, then counts the
 *    holds overlapping it at each instant (the maximum is reached at its start or at a later
 *    hold's start) and refuses the one too many (a booking's stations are locked in ascending id
 *    order first, so two bookings needing the same two kinds never deadlock) (SQLSTATE 23P01, constraint
 *    `reservation_phases_station_full`). Under READ COMMITTED each statement of the trigger takes a
 *    new snapshot after the lock is granted, so it sees every hold committed by the previous holder
 *    of the lock (which keeps it until its commit). Lowering a count takes the same lock and is
 *    refused below what bookings from now on hold at once (`stations_count_guard`, 23514).
 * 3. Blocks (operator_blocks) and busy stretches: the two-table guard of migration …_operator_blocks
 *    moves from the whole booking to its busy stretches (same lock, 0x53420000).
 * The leave guard (…_rota) keeps looking at the customer's time [date_start, date_end).
 */
const BLOCKING = `'PENDING', 'APPROVED', 'CONFIRMED', 'PENDING_PAYMENT', 'MODIFIED', 'PENDING_CONFIRMATION', 'COMPLETED', 'NO_SHOW'`
const BLOCKS_LOCK = 1396834304 // 0x53420000, migration …_operator_blocks
const STATION_LOCK = 1397948416 // 0x53430000

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(
    sql.raw(`
    CREATE TABLE "stations" (
      "id" serial PRIMARY KEY,
      "name" varchar NOT NULL,
      "count" numeric NOT NULL DEFAULT 1,
      "updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
      "created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
      CONSTRAINT "stations_count_range" CHECK ("count" >= 1 AND "count" <= 20 AND "count" = trunc("count"))
    );
    CREATE UNIQUE INDEX "stations_name_idx" ON "stations" USING btree ("name");
    CREATE INDEX "stations_updated_at_idx" ON "stations" USING btree ("updated_at");
    CREATE INDEX "stations_created_at_idx" ON "stations" USING btree ("created_at");

    CREATE TABLE "services_phases" (
      "_order" integer NOT NULL,
      "_parent_id" integer NOT NULL,
      "id" varchar PRIMARY KEY NOT NULL,
      "minutes" numeric NOT NULL,
      "operator_busy" boolean DEFAULT true,
      "station_id" integer,
      "label" varchar
    );
    ALTER TABLE "services_phases" ADD CONSTRAINT "services_phases_parent_id_fk"
      FOREIGN KEY ("_parent_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;
    -- A station a service needs is never deleted under it (the collection answers 409 STATION_IN_USE first).
    ALTER TABLE "services_phases" ADD CONSTRAINT "services_phases_station_id_stations_id_fk"
      FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE restrict ON UPDATE no action;
    CREATE INDEX "services_phases_order_idx" ON "services_phases" USING btree ("_order");
    CREATE INDEX "services_phases_parent_id_idx" ON "services_phases" USING btree ("_parent_id");
    CREATE INDEX "services_phases_station_idx" ON "services_phases" USING btree ("station_id");

    ALTER TABLE "services" ADD COLUMN "cleanup_minutes" numeric DEFAULT 0;
    INSERT INTO "services_phases" ("_order", "_parent_id", "id", "minutes", "operator_busy")
      SELECT 1, s.id, substr(md5('phase-' || s.id || '-' || clock_timestamp()::text), 1, 24), s.time, true FROM "services" s;

    ALTER TABLE "reservations" ADD COLUMN "plan" jsonb;

    CREATE FUNCTION "reservation_phase_rows"(plan jsonb, s timestamptz, e timestamptz)
    RETURNS TABLE (date_start timestamptz, date_end timestamptz, operator_busy boolean, station_id integer,
                   cleanup boolean, label varchar)
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      WITH seg AS (
        SELECT (x->>'from')::numeric AS f, (x->>'to')::numeric AS t,
               coalesce((x->>'operator_busy')::boolean, true) AS busy,
               (CASE WHEN jsonb_typeof(x->'station') = 'number' THEN (x->>'station')::int END) AS st,
               coalesce((x->>'cleanup')::boolean, false) AS cl,
               (x->>'label')::varchar AS lb, ord
          FROM jsonb_array_elements(CASE WHEN jsonb_typeof(plan) = 'array' THEN plan ELSE '[]'::jsonb END)
               WITH ORDINALITY AS a(x, ord)
      ), k AS (
        SELECT count(*) AS n,
               s + make_interval(secs => coalesce(max(t) FILTER (WHERE NOT cl), 0) * 60) AS planned,
               coalesce(max(ord) FILTER (WHERE NOT cl), 0) AS last
          FROM seg
      ), placed AS (
        SELECT s + make_interval(secs => f * 60) AS a, s + make_interval(secs => t * 60) AS b, busy, st, cl, lb, ord
          FROM seg
      )
      -- No plan: one busy block.
      SELECT s, e, true, NULL::int, false, NULL::varchar FROM k WHERE k.n = 0 AND e > s
      UNION ALL
      -- Ended earlier than planned (the rest freed, a shorter length): everything cut at e.
      SELECT p.a, least(p.b, e), p.busy, p.st, p.cl, p.lb FROM placed p, k
       WHERE k.n > 0 AND e < k.planned AND p.a < e
      UNION ALL
      -- Ended as planned (the whole plan, its clean-up after e), or later (a longer length set by
      -- hand): the last customer stretch grows by the difference, what follows shifts.
      SELECT CASE WHEN p.ord > k.last THEN p.a + (e - k.planned) ELSE p.a END,
             CASE WHEN p.ord >= k.last THEN p.b + (e - k.planned) ELSE p.b END,
             p.busy, p.st, p.cl, p.lb
        FROM placed p, k
       WHERE k.n > 0 AND e >= k.planned
    $$;

    CREATE TABLE "reservation_phases" (
      "id" bigserial PRIMARY KEY,
      "reservation_id" integer NOT NULL REFERENCES "reservations" ("id") ON DELETE CASCADE,
      "operator_id" integer NOT NULL,
      "station_id" integer REFERENCES "stations" ("id") ON DELETE SET NULL,
      "date_start" timestamp(3) with time zone NOT NULL,
      "date_end" timestamp(3) with time zone NOT NULL,
      "operator_busy" boolean NOT NULL,
      "cleanup" boolean NOT NULL DEFAULT false,
      "label" varchar,
      CONSTRAINT "reservation_phases_time_order" CHECK ("date_end" > "date_start"),
      CONSTRAINT "reservation_phases_operator_no_overlap" EXCLUDE USING gist (
        "operator_id" WITH =,
        tstzrange("date_start", "date_end", '[)') WITH &&
      ) WHERE ("operator_busy")
    );
    CREATE INDEX "reservation_phases_reservation_idx" ON "reservation_phases" ("reservation_id");
    CREATE INDEX "reservation_phases_station_time_idx" ON "reservation_phases"
      USING gist ("station_id", tstzrange("date_start", "date_end", '[)')) WHERE "station_id" IS NOT NULL;

    -- The most holds on station k at one instant of [a, b), the row 'skip' aside.
    CREATE FUNCTION "station_peak"(k integer, a timestamptz, b timestamptz, skip bigint DEFAULT NULL)
    RETURNS integer LANGUAGE sql STABLE AS $$
      SELECT coalesce(max((SELECT count(*) FROM reservation_phases r
                             WHERE r.station_id = k AND (skip IS NULL OR r.id <> skip)
                               AND r.date_start <= p.at AND r.date_end > p.at)), 0)::int
        FROM (SELECT a AS at
              UNION
              SELECT r.date_start FROM reservation_phases r
               WHERE r.station_id = k AND (skip IS NULL OR r.id <> skip)
                 AND r.date_start > a AND r.date_start < b) p
    $$;

    CREATE FUNCTION "reservation_phases_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE cap integer;
    BEGIN
      IF NEW.operator_busy THEN
        PERFORM pg_advisory_xact_lock_shared(${BLOCKS_LOCK}, NEW.operator_id);
        IF EXISTS (
          SELECT 1 FROM operator_blocks b
           WHERE b.operator_id = NEW.operator_id
             AND tstzrange(b.date_start, b.date_end, '[)') && tstzrange(NEW.date_start, NEW.date_end, '[)')
        ) THEN
          RAISE EXCEPTION 'operator % is blocked at that time', NEW.operator_id
            USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'reservations_no_block_overlap';
        END IF;
      END IF;
      IF NEW.station_id IS NOT NULL THEN
        PERFORM pg_advisory_xact_lock(${STATION_LOCK}, NEW.station_id);
        SELECT count::int INTO cap FROM stations WHERE id = NEW.station_id;
        IF station_peak(NEW.station_id, NEW.date_start, NEW.date_end,
                        CASE WHEN TG_OP = 'UPDATE' THEN NEW.id END) >= coalesce(cap, 0) THEN
          RAISE EXCEPTION 'every station % is taken at that time', NEW.station_id
            USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'reservation_phases_station_full';
        END IF;
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER "reservation_phases_guard" BEFORE INSERT OR UPDATE ON "reservation_phases"
      FOR EACH ROW EXECUTE FUNCTION "reservation_phases_guard"();

    CREATE FUNCTION "reservation_phases_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' THEN
        IF NEW.operator_id IS NOT DISTINCT FROM OLD.operator_id AND NEW.date_start IS NOT DISTINCT FROM OLD.date_start
           AND NEW.date_end IS NOT DISTINCT FROM OLD.date_end AND NEW.plan IS NOT DISTINCT FROM OLD.plan
           AND (NEW.status IN (${BLOCKING})) = (OLD.status IN (${BLOCKING})) THEN
          RETURN NULL; -- the same time, held the same way
        END IF;
        DELETE FROM reservation_phases WHERE reservation_id = OLD.id;
      END IF;
      IF NEW.operator_id IS NULL OR NEW.date_start IS NULL OR NEW.date_end IS NULL
         OR NEW.date_end <= NEW.date_start OR NEW.status NOT IN (${BLOCKING}) THEN
        RETURN NULL;
      END IF;
      -- The stations' locks in one order (ascending id), whatever the order of the phases: no deadlock.
      PERFORM pg_advisory_xact_lock(${STATION_LOCK}, k.station_id)
         FROM (SELECT DISTINCT p.station_id FROM reservation_phase_rows(NEW.plan, NEW.date_start, NEW.date_end) p
                WHERE p.station_id IS NOT NULL ORDER BY 1) k;
      INSERT INTO reservation_phases (reservation_id, operator_id, station_id, date_start, date_end, operator_busy, cleanup, label)
        SELECT NEW.id, NEW.operator_id, p.station_id, p.date_start, p.date_end, p.operator_busy, p.cleanup, p.label
          FROM reservation_phase_rows(NEW.plan, NEW.date_start, NEW.date_end) p
         WHERE p.date_end > p.date_start;
      RETURN NULL;
    END $$;

    -- Every blocking booking so far is one busy block (its rows are checked by the constraint as they go in).
    INSERT INTO reservation_phases (reservation_id, operator_id, date_start, date_end, operator_busy)
      SELECT id, operator_id, date_start, date_end, true FROM reservations
       WHERE operator_id IS NOT NULL AND date_start IS NOT NULL AND date_end IS NOT NULL
         AND date_end > date_start AND status IN (${BLOCKING});

    CREATE TRIGGER "reservation_phases_sync"
      AFTER INSERT OR UPDATE OF "operator_id", "date_start", "date_end", "status", "plan" ON "reservations"
      FOR EACH ROW EXECUTE FUNCTION "reservation_phases_sync"();

    -- The whole-booking guards give way to the stretches' ones.
    ALTER TABLE "reservations" DROP CONSTRAINT IF EXISTS "reservations_no_overlap";
    CREATE INDEX "reservations_blocking_time_idx" ON "reservations" USING gist (
        "operator_id", tstzrange("date_start", "date_end", '[)')
      ) WHERE (
        "operator_id" IS NOT NULL AND "date_start" IS NOT NULL AND "date_end" IS NOT NULL
        AND "status" IN (${BLOCKING})
      );
    DROP TRIGGER IF EXISTS "reservations_block_guard" ON "reservations";

    CREATE OR REPLACE FUNCTION "operator_blocks_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock(${BLOCKS_LOCK}, NEW.operator_id);
      IF EXISTS (
        SELECT 1 FROM reservation_phases r
         WHERE r.operator_id = NEW.operator_id AND r.operator_busy
           AND tstzrange(r.date_start, r.date_end, '[)') && tstzrange(NEW.date_start, NEW.date_end, '[)')
      ) THEN
        RAISE EXCEPTION 'operator % has a booking within the blocked time', NEW.operator_id
          USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'operator_blocks_no_booking';
      END IF;
      RETURN NEW;
    END $$;

    CREATE FUNCTION "stations_count_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE needed integer;
    BEGIN
      IF NEW.count >= OLD.count THEN RETURN NEW; END IF;
      PERFORM pg_advisory_xact_lock(${STATION_LOCK}, NEW.id);
      SELECT coalesce(max(station_peak(NEW.id, r.date_start, r.date_end)), 0) INTO needed
        FROM reservation_phases r WHERE r.station_id = NEW.id AND r.date_end > now();
      IF needed > NEW.count THEN
        RAISE EXCEPTION 'bookings hold % stations % at once', needed, NEW.id
          USING ERRCODE = 'check_violation', CONSTRAINT = 'stations_count_in_use';
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER "stations_count_guard" BEFORE UPDATE OF "count" ON "stations"
      FOR EACH ROW EXECUTE FUNCTION "stations_count_guard"();

    CREATE CONSTRAINT TRIGGER "stations_calendar_version" AFTER INSERT OR UPDATE OR DELETE ON "stations"
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION salon_calendar_bump();
    CREATE TRIGGER "stations_calendar_version_truncate" AFTER TRUNCATE ON "stations"
      FOR EACH STATEMENT EXECUTE FUNCTION salon_calendar_bump();
    CREATE TRIGGER "stations_calendar_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "stations"
      FOR EACH STATEMENT EXECUTE FUNCTION salon_calendar_changed();
  `),
  )
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(
    sql.raw(`
    DROP TRIGGER IF EXISTS "reservation_phases_sync" ON "reservations";
    DROP FUNCTION IF EXISTS "reservation_phases_sync"();
    CREATE OR REPLACE FUNCTION "operator_blocks_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock(${BLOCKS_LOCK}, NEW.operator_id);
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
    CREATE TRIGGER "reservations_block_guard" BEFORE INSERT OR UPDATE OF "operator_id", "date_start", "date_end", "status"
      ON "reservations" FOR EACH ROW EXECUTE FUNCTION "reservations_block_guard"();
    DROP INDEX IF EXISTS "reservations_blocking_time_idx";
    ALTER TABLE "reservations"
      ADD CONSTRAINT "reservations_no_overlap" EXCLUDE USING gist (
        "operator_id" WITH =,
        tstzrange("date_start", "date_end", '[)') WITH &&
      ) WHERE (
        "operator_id" IS NOT NULL AND "date_start" IS NOT NULL AND "date_end" IS NOT NULL
        AND "status" IN (${BLOCKING})
      );
    DROP TABLE IF EXISTS "reservation_phases";
    DROP FUNCTION IF EXISTS "reservation_phases_guard"();
    DROP FUNCTION IF EXISTS "station_peak"(integer, timestamptz, timestamptz, bigint);
    DROP FUNCTION IF EXISTS "reservation_phase_rows"(jsonb, timestamptz, timestamptz);
    ALTER TABLE "reservations" DROP COLUMN IF EXISTS "plan";
    ALTER TABLE "services" DROP COLUMN IF EXISTS "cleanup_minutes";
    DROP TABLE IF EXISTS "services_phases";
    DROP TRIGGER IF EXISTS "stations_count_guard" ON "stations";
    DROP FUNCTION IF EXISTS "stations_count_guard"();
    DROP TABLE IF EXISTS "stations";
  `),
  )
}
