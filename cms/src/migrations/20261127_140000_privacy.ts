import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Issue 24 §5, erasure (cms/src/privacy):
 *
 * - `erased_accounts`: what is left of an erased login account — its role and when it was created,
 *   nothing that names anyone — so the dashboard's "new customers" of a period still counts an
 *   account that has since been erased (the month's KPIs do not change when someone leaves).
 * - Mails kept for an erased person are emptied of personal data: the erasure empties those already
 *   sent; a mail still waiting to go out when the person was erased (the notice that their
 *   appointment is cancelled) is sent first and emptied the moment it is marked SENT — trigger
 *   `notifications_forget_erased`, so the notifications' send path needs to know nothing of erasure.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    CREATE TABLE "erased_accounts" (
      "id" serial PRIMARY KEY,
      "user_role" varchar NOT NULL,
      "created_at" timestamp(3) with time zone NOT NULL,
      "erased_at" timestamp(3) with time zone NOT NULL DEFAULT now()
    );
    CREATE INDEX "erased_accounts_created_at_idx" ON "erased_accounts" ("created_at");

    CREATE FUNCTION "notifications_forget_erased"() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM reservations r JOIN clients c ON c.id = r.client_id
                  WHERE r.id = NEW.reservation_id AND c.anonymised_at IS NOT NULL) THEN
        IF NEW.recipient = 'CUSTOMER' THEN NEW.address := ''; END IF;
        NEW.subject := ''; NEW.html := ''; NEW.text := ''; NEW.ics := NULL; NEW.last_error := NULL;
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER "notifications_forget_erased" BEFORE UPDATE OF "status" ON "notifications"
      FOR EACH ROW WHEN (NEW.status = 'SENT' AND OLD.status IS DISTINCT FROM 'SENT')
      EXECUTE FUNCTION "notifications_forget_erased"();
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
    DROP TRIGGER IF EXISTS "notifications_forget_erased" ON "notifications";
    DROP FUNCTION IF EXISTS "notifications_forget_erased"();
    DROP TABLE IF EXISTS "erased_accounts";
  `)
}
