import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Issue 26 §3, the phone (cms/src/accounts/phoneCodes.ts, phoneFactor.ts):
 *
 * - `users.phone_verified_at`: when the profile's number was proven by an SMS code; a change of the
 *   number any other way clears it (the Users collection's hook).
 * - `user_factors` holds up to one factor of each type per user: a TOTP factor (its secret sealed)
 *   and a phone factor (its own E.164 number, no secret). The old one-row-per-user key goes.
 * - `phone_codes`: the SMS codes, stored only as an HMAC (key from PAYLOAD_SECRET, bound to the
 *   row's id), valid 10 minutes, used once, at most 5 tries (`attempts`). Its id is the
 *   `challenge_id` the client sends back: random, unguessable. Rows older than a day are pruned.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "phone_verified_at" timestamp(3) with time zone;

    ALTER TABLE "user_factors" DROP CONSTRAINT IF EXISTS "user_factors_user_id_key";
    ALTER TABLE "user_factors" ALTER COLUMN "secret_enc" DROP NOT NULL;
    ALTER TABLE "user_factors" ADD COLUMN IF NOT EXISTS "phone" varchar;
    ALTER TABLE "user_factors" ADD CONSTRAINT "user_factors_type_check" CHECK (
      ("factor_type" = 'totp' AND "secret_enc" IS NOT NULL) OR ("factor_type" = 'phone' AND "phone" IS NOT NULL));
    CREATE UNIQUE INDEX IF NOT EXISTS "user_factors_user_type_key" ON "user_factors" ("user_id", "factor_type");

    CREATE TABLE IF NOT EXISTS "phone_codes" (
      "id" uuid PRIMARY KEY,
      "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
      "purpose" varchar NOT NULL CHECK ("purpose" IN ('phone', 'factor', 'login')),
      "phone" varchar NOT NULL,
      "factor_id" integer REFERENCES "user_factors"("id") ON DELETE CASCADE,
      "code_hmac" varchar NOT NULL,
      "attempts" integer NOT NULL DEFAULT 0,
      "expires_at" timestamp(3) with time zone NOT NULL,
      "used_at" timestamp(3) with time zone,
      "created_at" timestamp(3) with time zone NOT NULL DEFAULT now()
    );
    CREATE INDEX IF NOT EXISTS "phone_codes_user_idx" ON "phone_codes" ("user_id");
    CREATE INDEX IF NOT EXISTS "phone_codes_created_idx" ON "phone_codes" ("created_at");
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
    DROP TABLE IF EXISTS "phone_codes";
    DELETE FROM "user_factors" WHERE "factor_type" <> 'totp';
    DROP INDEX IF EXISTS "user_factors_user_type_key";
    ALTER TABLE "user_factors" DROP CONSTRAINT IF EXISTS "user_factors_type_check";
    ALTER TABLE "user_factors" DROP COLUMN IF EXISTS "phone";
    ALTER TABLE "user_factors" ALTER COLUMN "secret_enc" SET NOT NULL;
    ALTER TABLE "user_factors" ADD CONSTRAINT "user_factors_user_id_key" UNIQUE ("user_id");
    ALTER TABLE "users" DROP COLUMN IF EXISTS "phone_verified_at";
  `)
}
