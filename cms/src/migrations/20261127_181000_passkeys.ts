import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Issue 26 §2, passkeys (cms/src/accounts/passkeys, docs/architecture.md "Passkeys"):
 *
 * - `user_passkeys`: one row per WebAuthn credential — its id (base64url, unique across users), the
 *   COSE public key, the signature counter (a counter that goes backwards is refused: a cloned
 *   authenticator), the transports and the backup state the authenticator reported, a name the
 *   person chose; gone with the user.
 * - `passkey_challenges`: every challenge handed out, single-use (deleted as it is checked) and
 *   short-lived (`expires_at`); `user_id` binds a registration, or a sign-in at the second-factor
 *   step, to one person. Expired rows are swept as new ones are written.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    CREATE TABLE "user_passkeys" (
      "id" serial PRIMARY KEY,
      "user_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
      "credential_id" text NOT NULL UNIQUE,
      "public_key" bytea NOT NULL,
      "counter" bigint NOT NULL DEFAULT 0,
      "transports" text[] NOT NULL DEFAULT '{}',
      "device_type" varchar NOT NULL,
      "backed_up" boolean NOT NULL DEFAULT false,
      "name" varchar NOT NULL,
      "created_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
      "last_used_at" timestamp(3) with time zone
    );
    CREATE INDEX "user_passkeys_user_idx" ON "user_passkeys" ("user_id");

    CREATE TABLE "passkey_challenges" (
      "challenge" text PRIMARY KEY,
      "purpose" varchar NOT NULL CHECK ("purpose" IN ('register', 'login')),
      "user_id" integer REFERENCES "users" ("id") ON DELETE CASCADE,
      "expires_at" timestamp(3) with time zone NOT NULL
    );
    CREATE INDEX "passkey_challenges_expires_idx" ON "passkey_challenges" ("expires_at");
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
    DROP TABLE IF EXISTS "passkey_challenges";
    DROP TABLE IF EXISTS "user_passkeys";
  `)
}
