import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Second factor (TOTP): one factor per user, its secret encrypted at rest (AES-256-GCM with a key
 * derived from PAYLOAD_SECRET), and single-use recovery codes stored hashed. Not Payload
 * collections: nothing here is reachable through the generic REST API.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    CREATE TABLE IF NOT EXISTS "user_factors" (
      "id" serial PRIMARY KEY,
      "user_id" integer NOT NULL UNIQUE REFERENCES "users"("id") ON DELETE CASCADE,
      "factor_type" varchar NOT NULL DEFAULT 'totp',
      "friendly_name" varchar,
      "secret_enc" text NOT NULL,
      "status" varchar NOT NULL DEFAULT 'unverified' CHECK ("status" IN ('unverified', 'verified')),
      "last_used_step" bigint,
      "created_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
      "verified_at" timestamp(3) with time zone
    );
    CREATE TABLE IF NOT EXISTS "user_recovery_codes" (
      "id" serial PRIMARY KEY,
      "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
      "code_hash" varchar NOT NULL,
      "used_at" timestamp(3) with time zone
    );
    CREATE INDEX IF NOT EXISTS "user_recovery_codes_user_idx" ON "user_recovery_codes" ("user_id");
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE IF EXISTS "user_recovery_codes"; DROP TABLE IF EXISTS "user_factors";`)
}
