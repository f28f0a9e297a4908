import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * One row per change of a reservation, written by the reservation service in the same
 * transaction as the change (cms/src/reservations/repository.ts recordEvent): who (actor and the role they
 * had), what kind of change (shared/src/booking/events.ts), the status before and after, and
 * field by field what changed. The dashboard reads it as a booking's history, the notifications
 * as their to-do list. Not a Payload collection: nobody writes it through REST.
 *
 * Reservations that exist already get one IMPORTED event, so that every reservation has a history.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    CREATE TABLE "reservation_events" (
      "id" bigserial PRIMARY KEY,
      "reservation_id" integer NOT NULL REFERENCES "reservations"("id") ON DELETE CASCADE,
      "actor_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
      "actor_role" varchar,
      "kind" varchar NOT NULL CHECK ("kind" IN ('CREATED','CONFIRMED','BOOKED','MOVED','STATUS_CHANGED','EDITED','IMPORTED')),
      "from_status" varchar,
      "to_status" varchar NOT NULL,
      "changes" jsonb NOT NULL DEFAULT '{}'::jsonb,
      "created_at" timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX "reservation_events_reservation_idx" ON "reservation_events" ("reservation_id", "id");
    CREATE INDEX "reservation_events_created_at_idx" ON "reservation_events" ("created_at");
    INSERT INTO "reservation_events" ("reservation_id", "kind", "to_status", "created_at")
      SELECT "id", 'IMPORTED', "status", "created_at" FROM "reservations";
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE IF EXISTS "reservation_events";`)
}
