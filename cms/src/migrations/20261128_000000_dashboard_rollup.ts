import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Issue 28 §3, the dashboard index at 100,000 bookings (docs/architecture.md "Dashboard rollup",
 * docs/benchmarks.md "Dashboard index at 100,000 bookings"): per-local-day sums the index reads
 * instead of every reservation of a period.
 *
 * - `dashboard_days`: per local day × operator × status — bookings, paid revenue (the checkout's
 *   total net of tips where one exists, else the agreed price; unrounded numeric), minutes,
 *   bookings won from the waitlist (a TAKEN offer).
 * - `dashboard_day_statuses`: the same per local day × status, every operator together (what the
 *   KPIs and the series read: a few rows a day).
 * - `dashboard_day_services`: per local day × service × status — service lines and each line's
 *   share of its booking's paid revenue (in proportion to the services' list prices, evenly when
 *   those are all 0), unrounded.
 * - Kept exact by the write path **without a lock on the hot path**: row triggers on every table
 *   the sums read (reservations, reservation_checkouts, reservations_rels, waitlist_offers, the
 *   services' list prices; TRUNCATE too) append the affected booking's start instant(s) to
 *   `dashboard_dirty` — an append-only log, no unique key, so a writer never waits for another
 *   writer, whatever writes (Payload, the confirm's SQL, raw SQL).
 * - `dashboard_refresh(tz)` (called by the index before it reads): under one advisory lock, takes
 *   and deletes the logged instants, and recomputes their local days (in `tz`) from the raw
 *   tables; a NULL instant, an empty rollup or a different time zone than the last refresh's
 *   rebuilds everything. A change committed after the log was read stays logged for the next
 *   refresh; one committed before is seen by the recompute (a later statement, a later snapshot).
 * - The rollup is back-filled here (everything logged once: the first refresh builds it).
 */

const DAY_ROWS = (bookings: string) => `
  INSERT INTO dashboard_days (day, operator_id, status, bookings, revenue, minutes, waitlist_won)
  SELECT (r.date_start AT TIME ZONE tz)::date, r.operator_id, r.status, count(*),
         coalesce(sum(coalesce(c.total, r.total_price)), 0), coalesce(sum(r.duration), 0),
         count(*) FILTER (WHERE EXISTS (SELECT 1 FROM waitlist_offers wo
                                         WHERE wo.reservation_id = r.id AND wo.status = 'TAKEN'))
    FROM ${bookings} LEFT JOIN reservation_checkouts c ON c.reservation_id = r.id
   WHERE r.date_start IS NOT NULL
   GROUP BY 1, 2, 3;
  INSERT INTO dashboard_day_services (day, service_id, status, lines, revenue)
  SELECT day, service_id, status, count(*),
         coalesce(sum(CASE WHEN list_total > 0 THEN paid * price / list_total ELSE paid / n END), 0)
    FROM (SELECT (r.date_start AT TIME ZONE tz)::date AS day, r.status, coalesce(c.total, r.total_price) AS paid,
                 s.id AS service_id, coalesce(s.price, 0) AS price,
                 sum(coalesce(s.price, 0)) OVER (PARTITION BY r.id) AS list_total,
                 count(*) OVER (PARTITION BY r.id) AS n
            FROM ${bookings}
            LEFT JOIN reservation_checkouts c ON c.reservation_id = r.id
            JOIN reservations_rels rr ON rr.parent_id = r.id AND rr.path = 'services'
            JOIN services s ON s.id = rr.services_id
           WHERE r.date_start IS NOT NULL) lines
   GROUP BY 1, 2, 3;`

/** The per-day × status sums (every operator together) of the day rows just written. */
const STATUS_ROWS = (where: string) => `
  INSERT INTO dashboard_day_statuses (day, status, bookings, revenue, minutes, waitlist_won)
  SELECT day, status, sum(bookings), sum(revenue), sum(minutes), sum(waitlist_won)
    FROM dashboard_days ${where} GROUP BY 1, 2;`

/** Every booking; those of the local days `days` (instant ranges on the start index, day by day). */
const ALL = `reservations r`
const IN_DAYS = `unnest(days) d JOIN reservations r ON r.date_start >= (d::timestamp AT TIME ZONE tz)
                                          AND r.date_start < ((d + 1)::timestamp AT TIME ZONE tz)`

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(
    sql.raw(`
    CREATE TABLE "dashboard_days" (
      "day" date NOT NULL,
      "operator_id" integer,
      "status" "enum_reservations_status" NOT NULL,
      "bookings" integer NOT NULL,
      "revenue" numeric NOT NULL,
      "minutes" numeric NOT NULL,
      "waitlist_won" integer NOT NULL
    );
    CREATE INDEX "dashboard_days_day_idx" ON "dashboard_days" ("day");
    CREATE INDEX "dashboard_days_operator_idx" ON "dashboard_days" ("operator_id", "day");

    CREATE TABLE "dashboard_day_statuses" (
      "day" date NOT NULL,
      "status" "enum_reservations_status" NOT NULL,
      "bookings" integer NOT NULL,
      "revenue" numeric NOT NULL,
      "minutes" numeric NOT NULL,
      "waitlist_won" integer NOT NULL,
      PRIMARY KEY ("day", "status")
    );

    CREATE TABLE "dashboard_day_services" (
      "day" date NOT NULL,
      "service_id" integer NOT NULL,
      "status" "enum_reservations_status" NOT NULL,
      "lines" integer NOT NULL,
      "revenue" numeric NOT NULL
    );
    CREATE INDEX "dashboard_day_services_day_idx" ON "dashboard_day_services" ("day");

    -- Start instants whose local day must be recomputed; NULL = everything.
    CREATE TABLE "dashboard_dirty" ("id" bigserial PRIMARY KEY, "at" timestamptz);
    -- The time zone the rollup's days were computed in (one row once built).
    CREATE TABLE "dashboard_rollup_state" ("id" integer PRIMARY KEY CHECK ("id" = 1), "timezone" text NOT NULL);

    CREATE FUNCTION "dashboard_refresh"(tz text) RETURNS integer LANGUAGE plpgsql AS $$
    DECLARE
      everything boolean;
      days date[];
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtext('dashboard_refresh'));
      SELECT coalesce((SELECT timezone IS DISTINCT FROM tz FROM dashboard_rollup_state), true) INTO everything;
      WITH gone AS (DELETE FROM dashboard_dirty RETURNING at)
      SELECT everything OR coalesce(bool_or(at IS NULL), false),
             array_agg(DISTINCT (at AT TIME ZONE tz)::date) FILTER (WHERE at IS NOT NULL)
        INTO everything, days FROM gone;
      IF everything THEN
        DELETE FROM dashboard_days;
        DELETE FROM dashboard_day_services;
        DELETE FROM dashboard_day_statuses;
        ${DAY_ROWS(ALL)}
        ${STATUS_ROWS('')}
        INSERT INTO dashboard_rollup_state (id, timezone) VALUES (1, tz)
          ON CONFLICT (id) DO UPDATE SET timezone = excluded.timezone;
        RETURN -1;
      END IF;
      IF days IS NULL THEN
        RETURN 0;
      END IF;
      DELETE FROM dashboard_days WHERE day = ANY(days);
      DELETE FROM dashboard_day_services WHERE day = ANY(days);
      DELETE FROM dashboard_day_statuses WHERE day = ANY(days);
      ${DAY_ROWS(IN_DAYS)}
      ${STATUS_ROWS('WHERE day = ANY(days)')}
      RETURN cardinality(days);
    END $$;

    CREATE FUNCTION "dashboard_dirty_reservation"() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' AND OLD.date_start IS NOT NULL THEN
        INSERT INTO dashboard_dirty (at) VALUES (OLD.date_start);
      END IF;
      IF TG_OP <> 'DELETE' AND NEW.date_start IS NOT NULL
         AND (TG_OP = 'INSERT' OR NEW.date_start IS DISTINCT FROM OLD.date_start) THEN
        INSERT INTO dashboard_dirty (at) VALUES (NEW.date_start);
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER "reservations_dashboard_dirty" AFTER INSERT OR DELETE ON "reservations"
      FOR EACH ROW EXECUTE FUNCTION "dashboard_dirty_reservation"();
    CREATE TRIGGER "reservations_dashboard_dirty_update" AFTER UPDATE ON "reservations"
      FOR EACH ROW WHEN (
        OLD.date_start IS DISTINCT FROM NEW.date_start OR OLD.status IS DISTINCT FROM NEW.status
        OR OLD.operator_id IS DISTINCT FROM NEW.operator_id OR OLD.total_price IS DISTINCT FROM NEW.total_price
        OR OLD.duration IS DISTINCT FROM NEW.duration OR OLD.id IS DISTINCT FROM NEW.id
      ) EXECUTE FUNCTION "dashboard_dirty_reservation"();

    -- A table that points at a booking (checkouts, service links, waitlist offers): its booking's start.
    CREATE FUNCTION "dashboard_dirty_booking"() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      col text := TG_ARGV[0];
      ids integer[] := '{}';
    BEGIN
      IF TG_OP <> 'INSERT' THEN ids := ids || (to_jsonb(OLD) ->> col)::integer; END IF;
      IF TG_OP <> 'DELETE' THEN ids := ids || (to_jsonb(NEW) ->> col)::integer; END IF;
      INSERT INTO dashboard_dirty (at)
        SELECT r.date_start FROM reservations r WHERE r.id = ANY(ids) AND r.date_start IS NOT NULL;
      RETURN NULL;
    END $$;
    CREATE TRIGGER "reservation_checkouts_dashboard_dirty" AFTER INSERT OR UPDATE OR DELETE ON "reservation_checkouts"
      FOR EACH ROW EXECUTE FUNCTION "dashboard_dirty_booking"('reservation_id');
    CREATE TRIGGER "reservations_rels_dashboard_dirty" AFTER INSERT OR UPDATE OR DELETE ON "reservations_rels"
      FOR EACH ROW EXECUTE FUNCTION "dashboard_dirty_booking"('parent_id');
    CREATE TRIGGER "waitlist_offers_dashboard_dirty" AFTER INSERT OR DELETE ON "waitlist_offers"
      FOR EACH ROW EXECUTE FUNCTION "dashboard_dirty_booking"('reservation_id');
    CREATE TRIGGER "waitlist_offers_dashboard_dirty_update" AFTER UPDATE ON "waitlist_offers"
      FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.reservation_id IS DISTINCT FROM NEW.reservation_id)
      EXECUTE FUNCTION "dashboard_dirty_booking"('reservation_id');

    -- A service's list price shares its bookings' revenue among their services.
    CREATE FUNCTION "dashboard_dirty_service"() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO dashboard_dirty (at)
        SELECT DISTINCT r.date_start FROM reservations_rels rr JOIN reservations r ON r.id = rr.parent_id
         WHERE rr.services_id = NEW.id AND rr.path = 'services' AND r.date_start IS NOT NULL;
      RETURN NULL;
    END $$;
    CREATE TRIGGER "services_dashboard_dirty" AFTER UPDATE ON "services"
      FOR EACH ROW WHEN (OLD.price IS DISTINCT FROM NEW.price) EXECUTE FUNCTION "dashboard_dirty_service"();

    CREATE FUNCTION "dashboard_dirty_everything"() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO dashboard_dirty (at) VALUES (NULL);
      RETURN NULL;
    END $$;
    CREATE TRIGGER "reservations_dashboard_truncate" AFTER TRUNCATE ON "reservations"
      FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_dirty_everything"();
    CREATE TRIGGER "reservation_checkouts_dashboard_truncate" AFTER TRUNCATE ON "reservation_checkouts"
      FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_dirty_everything"();
    CREATE TRIGGER "reservations_rels_dashboard_truncate" AFTER TRUNCATE ON "reservations_rels"
      FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_dirty_everything"();
    CREATE TRIGGER "waitlist_offers_dashboard_truncate" AFTER TRUNCATE ON "waitlist_offers"
      FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_dirty_everything"();

    -- Back-fill: the first refresh builds everything.
    INSERT INTO dashboard_dirty (at) VALUES (NULL);
  `),
  )
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(
    sql.raw(`
    DROP TRIGGER IF EXISTS "reservations_dashboard_dirty" ON "reservations";
    DROP TRIGGER IF EXISTS "reservations_dashboard_dirty_update" ON "reservations";
    DROP TRIGGER IF EXISTS "reservation_checkouts_dashboard_dirty" ON "reservation_checkouts";
    DROP TRIGGER IF EXISTS "reservations_rels_dashboard_dirty" ON "reservations_rels";
    DROP TRIGGER IF EXISTS "waitlist_offers_dashboard_dirty" ON "waitlist_offers";
    DROP TRIGGER IF EXISTS "waitlist_offers_dashboard_dirty_update" ON "waitlist_offers";
    DROP TRIGGER IF EXISTS "services_dashboard_dirty" ON "services";
    DROP TRIGGER IF EXISTS "reservations_dashboard_truncate" ON "reservations";
    DROP TRIGGER IF EXISTS "reservation_checkouts_dashboard_truncate" ON "reservation_checkouts";
    DROP TRIGGER IF EXISTS "reservations_rels_dashboard_truncate" ON "reservations_rels";
    DROP TRIGGER IF EXISTS "waitlist_offers_dashboard_truncate" ON "waitlist_offers";
    DROP FUNCTION IF EXISTS "dashboard_dirty_everything"();
    DROP FUNCTION IF EXISTS "dashboard_dirty_service"();
    DROP FUNCTION IF EXISTS "dashboard_dirty_booking"();
    DROP FUNCTION IF EXISTS "dashboard_dirty_reservation"();
    DROP FUNCTION IF EXISTS "dashboard_refresh"(text);
    DROP TABLE IF EXISTS "dashboard_rollup_state";
    DROP TABLE IF EXISTS "dashboard_dirty";
    DROP TABLE IF EXISTS "dashboard_day_services";
    DROP TABLE IF EXISTS "dashboard_day_statuses";
    DROP TABLE IF EXISTS "dashboard_days";
  `),
  )
}
