import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * `operator_feeds.owner_user_id`: the login the operator record was linked to when its calendar
 * link was made (null: a record without a login, whose link an admin made). The link answers only
 * while the record is still linked to that same login and it is still staff
 * (shared/src/booking/permissions.ts `operatorFeedLive`): a demoted or unlinked operator's old link
 * stops at once (issue 22 §5.7). Deleting the login deletes its links. Existing links take the
 * record's current login.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    ALTER TABLE "operator_feeds" ADD COLUMN "owner_user_id" integer REFERENCES "users" ("id") ON DELETE CASCADE;
    UPDATE "operator_feeds" f SET "owner_user_id" = o."user_id" FROM "operators" o WHERE o."id" = f."operator_id";
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`ALTER TABLE "operator_feeds" DROP COLUMN IF EXISTS "owner_user_id";`)
}
