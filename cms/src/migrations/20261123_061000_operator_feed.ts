import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * The operator's calendar feed (services/operatorFeed.ts): at most one live link per operator.
 * Only the SHA-256 of the secret token is kept (32 bytes, unique: the feed URL is looked up by
 * it); `created_at` is when the feed was turned on, `rotated_at` when the current link was made.
 * Turning the feed off deletes the row. Not a Payload collection: no admin UI, no REST read.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    CREATE TABLE "operator_feeds" (
      "operator_id" integer PRIMARY KEY REFERENCES "operators" ("id") ON DELETE CASCADE,
      "token_hash" bytea NOT NULL UNIQUE CHECK (octet_length("token_hash") = 32),
      "created_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
      "rotated_at" timestamp(3) with time zone NOT NULL DEFAULT now()
    );
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE IF EXISTS "operator_feeds";`)
}
