import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Issue 26 §1, external sign-in (cms/src/accounts/external, docs/architecture.md "External sign-in"):
 *
 * - `user_identities`: a provider's account (provider, subject) joined to one of ours; deleted with
 *   the user (erasure too).
 * - `external_sign_in_flows`: a sign-in on its way to the provider, found by the SHA-256 of its
 *   `state`; used once when the provider answers (`used_at`, the answer's hash, and where the
 *   browser was sent, sealed — the very same answer arriving twice, as a browser may send it, gets
 *   the same reply and nothing more), dead after ten minutes.
 * - `external_auth_codes`: our one-time code for the client, as its SHA-256, bound to the client's
 *   PKCE challenge; deleted at the first exchange, dead after two minutes.
 * - `external_signups`: accounts a provider created, with the salt of the random password they got:
 *   while it is unchanged nobody knows the password (the last provider cannot be unlinked).
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    CREATE TABLE "user_identities" (
      "id" serial PRIMARY KEY,
      "provider" varchar(40) NOT NULL,
      "subject" varchar(255) NOT NULL,
      "user_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
      "email" varchar(254),
      "created_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
      CONSTRAINT "user_identities_provider_subject" UNIQUE ("provider", "subject")
    );
    CREATE INDEX "user_identities_user_idx" ON "user_identities" ("user_id");

    CREATE TABLE "external_sign_in_flows" (
      "state_hash" char(64) PRIMARY KEY,
      "provider" varchar(40) NOT NULL,
      "nonce" varchar(200) NOT NULL,
      "code_verifier" varchar(200) NOT NULL,
      "redirect_to" varchar(2000) NOT NULL,
      "code_challenge" varchar(200) NOT NULL,
      "privacy_accepted" boolean NOT NULL DEFAULT false,
      "expires_at" timestamp(3) with time zone NOT NULL,
      "used_at" timestamp(3) with time zone,
      "answer_hash" char(64),
      "landing" text
    );
    CREATE INDEX "external_sign_in_flows_expires_idx" ON "external_sign_in_flows" ("expires_at");

    CREATE TABLE "external_auth_codes" (
      "code_hash" char(64) PRIMARY KEY,
      "user_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
      "code_challenge" varchar(200) NOT NULL,
      "expires_at" timestamp(3) with time zone NOT NULL
    );
    CREATE INDEX "external_auth_codes_expires_idx" ON "external_auth_codes" ("expires_at");

    CREATE TABLE "external_signups" (
      "user_id" integer PRIMARY KEY REFERENCES "users" ("id") ON DELETE CASCADE,
      "provider" varchar(40) NOT NULL,
      "salt_at_signup" varchar NOT NULL,
      "created_at" timestamp(3) with time zone NOT NULL DEFAULT now()
    );
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
    DROP TABLE IF EXISTS "external_signups";
    DROP TABLE IF EXISTS "external_auth_codes";
    DROP TABLE IF EXISTS "external_sign_in_flows";
    DROP TABLE IF EXISTS "user_identities";
  `)
}
