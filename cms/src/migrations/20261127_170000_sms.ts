import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Issue 26 §4, the SMS channel (cms/src/platform/sms.ts, docs/notifications.md "SMS"):
 *
 * - `sms_messages`: one row per text to send, written in the transaction that decides it, with its
 *   `send-sms` job (graphile-worker) in the same statement — so an SMS exists exactly when the change
 *   that caused it was committed. `dedupe_key` (unique, nullable) makes a repeated decision (a job run
 *   twice) record nothing. The job moves QUEUED → SENT (the provider took it, `provider_id`) → and the
 *   provider's status callback to DELIVERED or FAILED; a refusal the provider will not change its mind
 *   on (a bad number) is FAILED at once, anything else is retried with back-off.
 * - The people a text belongs to are kept as references that vanish with them (SET NULL), and the
 *   privacy erasure empties the number and the text (cms/src/privacy/erase.ts).
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    CREATE TABLE "sms_messages" (
      "id" serial PRIMARY KEY,
      "to_number" varchar(16) NOT NULL,
      "body" text NOT NULL,
      "purpose" varchar(32) NOT NULL
        CHECK ("purpose" IN ('phone_verification', 'second_factor', 'reminder', 'confirmation')),
      "status" varchar(16) NOT NULL DEFAULT 'QUEUED' CHECK ("status" IN ('QUEUED', 'SENT', 'DELIVERED', 'FAILED')),
      "attempts" integer NOT NULL DEFAULT 0,
      "provider_id" varchar(64),
      "error" text,
      "user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
      "reservation_id" integer REFERENCES "reservations"("id") ON DELETE SET NULL,
      "dedupe_key" varchar(200) UNIQUE,
      "created_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
      "sent_at" timestamp(3) with time zone,
      "delivered_at" timestamp(3) with time zone
    );
    CREATE INDEX "sms_messages_user_idx" ON "sms_messages" ("user_id") WHERE "user_id" IS NOT NULL;
    CREATE INDEX "sms_messages_reservation_idx" ON "sms_messages" ("reservation_id") WHERE "reservation_id" IS NOT NULL;
    CREATE UNIQUE INDEX "sms_messages_provider_idx" ON "sms_messages" ("provider_id") WHERE "provider_id" IS NOT NULL;
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE IF EXISTS "sms_messages";`)
}
