import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * `reservations.any_operator`: the customer booked with "Qualsiasi operatore" and the server
 * assigned the operator. Set by the confirm (reservations/writes/confirm.ts `confirmSession`) when
 * no operator was chosen; read by a customer's move, which may then go to any operator who can do
 * the services (shared/src/booking/moveOperator.ts). Bookings made before this column existed are
 * taken as made with the operator they have (false): nothing changes for them.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`ALTER TABLE "reservations" ADD COLUMN "any_operator" boolean DEFAULT false NOT NULL;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`ALTER TABLE "reservations" DROP COLUMN IF EXISTS "any_operator";`)
}
