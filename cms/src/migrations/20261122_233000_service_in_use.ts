import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * A booking's services must outlive a catalogue change: deleting a service that a reservation
 * uses was silently cascading into `reservations_rels` (the booking lost it). Now the database
 * refuses it (RESTRICT); the Services collection's beforeDelete hook answers first with a clear
 * 409 and the dashboard offers to deactivate the service instead.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    ALTER TABLE "reservations_rels" DROP CONSTRAINT "reservations_rels_services_fk";
    ALTER TABLE "reservations_rels" ADD CONSTRAINT "reservations_rels_services_fk"
      FOREIGN KEY ("services_id") REFERENCES "public"."services"("id") ON DELETE restrict ON UPDATE no action;
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
    ALTER TABLE "reservations_rels" DROP CONSTRAINT "reservations_rels_services_fk";
    ALTER TABLE "reservations_rels" ADD CONSTRAINT "reservations_rels_services_fk"
      FOREIGN KEY ("services_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;
  `)
}
