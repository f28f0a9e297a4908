import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * The notifications' durable queue (docs/notifications.md).
 *
 * - A trigger on `reservation_events` enqueues one `reservation-event` job (graphile-worker's
 *   `graphile_worker.add_job`, installed by bootstrap before anything is written) **in the
 *   transaction that records the change**: a rollback enqueues nothing, a commit can no longer lose
 *   it, and every write path (confirm, staff booking, move, status change, REST) is covered by the
 *   same rule. Drafts (CREATED) and IMPORTED history never notify anyone, so they enqueue nothing.
 * - `notifications`: every mail decided, rendered once (subject, HTML, text, calendar file) with a
 *   unique `dedupe_key` — a job that runs twice (a worker died after the decision) cannot decide
 *   the same mail twice — and its delivery state, which the send job checks before sending.
 * - `job_workers`: each process's workers with a heartbeat, for the stuck-job sweeper.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    CREATE TABLE "notifications" (
      "id" bigserial PRIMARY KEY,
      "reservation_id" integer REFERENCES "reservations"("id") ON DELETE SET NULL,
      "event_id" bigint REFERENCES "reservation_events"("id") ON DELETE SET NULL,
      "kind" varchar NOT NULL,
      "recipient" varchar NOT NULL CHECK ("recipient" IN ('CUSTOMER', 'SALON')),
      "address" varchar NOT NULL,
      "dedupe_key" varchar NOT NULL UNIQUE,
      "subject" text NOT NULL,
      "html" text NOT NULL,
      "text" text NOT NULL,
      "ics" text,
      "ics_method" varchar CHECK ("ics_method" IN ('REQUEST', 'CANCEL')),
      "status" varchar NOT NULL DEFAULT 'PENDING' CHECK ("status" IN ('PENDING', 'SENT', 'FAILED')),
      "attempts" integer NOT NULL DEFAULT 0,
      "last_error" text,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "sent_at" timestamptz
    );
    CREATE INDEX "notifications_reservation_idx" ON "notifications" ("reservation_id", "id");
    CREATE INDEX "notifications_created_at_idx" ON "notifications" ("created_at");

    -- Each app process's job workers, with a heartbeat: the jobs of a worker not heard of for a
    -- while are released for another process (jobs/queue.ts, the stuck-job sweeper).
    CREATE TABLE "job_workers" (
      "worker_id" varchar PRIMARY KEY,
      "pid" integer,
      "seen_at" timestamptz NOT NULL DEFAULT now()
    );

    CREATE FUNCTION "reservation_event_enqueue"() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM graphile_worker.add_job('reservation-event', json_build_object('event', NEW.id), max_attempts := 10);
      RETURN NULL;
    END $$;
    CREATE TRIGGER "reservation_events_enqueue" AFTER INSERT ON "reservation_events"
      FOR EACH ROW WHEN (NEW.kind NOT IN ('CREATED', 'IMPORTED'))
      EXECUTE FUNCTION "reservation_event_enqueue"();
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
    DROP TRIGGER IF EXISTS "reservation_events_enqueue" ON "reservation_events";
    DROP FUNCTION IF EXISTS "reservation_event_enqueue"();
    DROP TABLE IF EXISTS "notifications";
    DROP TABLE IF EXISTS "job_workers";
  `)
}
