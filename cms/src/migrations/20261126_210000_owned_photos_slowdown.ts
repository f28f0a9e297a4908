import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Issue 22 §5 and §4.
 * - `upload.owner`: the customer whose profile photo this upload is (set only by PUT
 *   /api/auth/me/avatar); null for the salon's images. Read access hides an owned upload from
 *   everyone but its owner and the staff. Existing photos are recognised by their reserved name
 *   `avatar-<user id>-…` (shared PERSONAL_PHOTO_NAME). No foreign key: a deleted customer's photo
 *   stays private rather than becoming the salon's.
 * - `rate_limits.last_at`: when the last event of a window was counted, for the per-account login
 *   slowdown (a delay after the last failure that grows with the failures, capped).
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    ALTER TABLE "upload" ADD COLUMN IF NOT EXISTS "owner" numeric;
    UPDATE "upload" SET "owner" = substring("name" from '^avatar-([0-9]+)-')::numeric
      WHERE "name" ~ '^avatar-[0-9]+-' AND "owner" IS NULL;
    CREATE INDEX IF NOT EXISTS "upload_owner_idx" ON "upload" ("owner");
    ALTER TABLE "rate_limits" ADD COLUMN IF NOT EXISTS "last_at" timestamp(3) with time zone;
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
    DROP INDEX IF EXISTS "upload_owner_idx";
    ALTER TABLE "upload" DROP COLUMN IF EXISTS "owner";
    ALTER TABLE "rate_limits" DROP COLUMN IF EXISTS "last_at";
  `)
}
