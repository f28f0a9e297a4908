import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Long-lived login state (spec §4/§9): rotating refresh tokens, stored only as their SHA-256.
 * One row per token; a family is one login on one device and shares the Payload session id
 * (`sid`, a row of users_sessions) that its access tokens carry. A token is used once
 * (`used_at`); presenting a used one revokes the family (`revoked_at`), as do logout, a password
 * change and "log out everywhere".
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    CREATE TABLE "refresh_sessions" (
      "id" serial PRIMARY KEY NOT NULL,
      "family" uuid NOT NULL,
      "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
      "sid" varchar NOT NULL,
      "token_hash" char(64) NOT NULL,
      "expires_at" timestamp(3) with time zone NOT NULL,
      "used_at" timestamp(3) with time zone,
      "revoked_at" timestamp(3) with time zone,
      "created_at" timestamp(3) with time zone NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX "refresh_sessions_token_hash_idx" ON "refresh_sessions" ("token_hash");
    CREATE INDEX "refresh_sessions_family_idx" ON "refresh_sessions" ("family");
    CREATE INDEX "refresh_sessions_user_idx" ON "refresh_sessions" ("user_id");
    CREATE INDEX "refresh_sessions_sid_idx" ON "refresh_sessions" ("sid");
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE IF EXISTS "refresh_sessions";`)
}
