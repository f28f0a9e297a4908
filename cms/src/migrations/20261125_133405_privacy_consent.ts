import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Consent to the privacy policy at registration: `users.privacy_accepted_at`, the moment (server
 * clock) a visitor who registered ticked "Ho letto l'informativa sulla privacy". Accounts created
 * before, by an admin or by the seed have none (null): nobody is assumed to have consented.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    ALTER TABLE "users" ADD COLUMN "privacy_accepted_at" timestamp(3) with time zone;
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
    ALTER TABLE "users" DROP COLUMN IF EXISTS "privacy_accepted_at";
  `)
}
