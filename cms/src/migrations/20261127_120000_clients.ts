import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Issue 24: the front desk.
 *
 * - `clients`: the salon's card for a person (Payload collection `clients`), apart from any login
 *   account: `user_id` is the account joined to it (one card per account). `search_key` is a
 *   generated column — name, surname, e-mail folded (lower case, accents off: `salon_fold`) and the
 *   phone's digits — with a trigram index (pg_trgm), so the desk's fuzzy search stays fast with
 *   tens of thousands of cards.
 * - `client_notes`: staff notes on a card (never shown to customers).
 * - `reservations.client_id`: the card a booking is for. A booking written with a `user_id` and no
 *   card gets that account's card (created when missing) — trigger `reservations_client_of_user`, so
 *   every write path (confirm, book, the admins' generic calls) keeps the two in step.
 * - `reservation_checkouts` / `reservation_payments`: what was done and paid (euro, numeric(10,2)).
 * - `clients_merge(keep, drop)`: moves every booking and note of `drop` onto `keep`, fills `keep`'s
 *   empty fields, deletes `drop`. Used by the dashboard's merge and by the join below.
 * - Accounts and cards: a new customer account gets its card (`users_card`); when an account's
 *   e-mail becomes verified, desk cards with that e-mail and no account are merged into the
 *   account's card (`users_join_cards`) — never before; the account's name, surname, phone and
 *   e-mail are copied to its card when they change.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(
    sql.raw(`
    CREATE EXTENSION IF NOT EXISTS pg_trgm;

    CREATE FUNCTION "salon_fold"(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT lower(translate(coalesce(t, ''),
        'ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖòóôõöÙÚÛÜùúûüÇçÑñÝýÿŠšŽž',
        'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyySsZz'))
    $$;

    CREATE TABLE "clients" (
      "id" serial PRIMARY KEY,
      "name" varchar NOT NULL,
      "surname" varchar,
      "phone_number" varchar,
      "email" varchar,
      "birthday" varchar(10),
      "marketing_consent" boolean NOT NULL DEFAULT false,
      "marketing_consent_at" timestamp(3) with time zone,
      "tags" jsonb NOT NULL DEFAULT '[]'::jsonb,
      "allergies" varchar,
      "technical_notes" varchar,
      "blocked_online" boolean NOT NULL DEFAULT false,
      "blocked_reason" varchar,
      "user_id" integer UNIQUE REFERENCES "users" ("id") ON DELETE SET NULL,
      "created_by_id" integer REFERENCES "users" ("id") ON DELETE SET NULL,
      "anonymised_at" timestamp(3) with time zone,
      "search_key" text GENERATED ALWAYS AS (
        salon_fold("name") || ' ' || salon_fold("surname") || ' ' ||
        regexp_replace(coalesce("phone_number", ''), '[^0-9]', '', 'g') || ' ' || lower(coalesce("email", ''))
      ) STORED,
      "updated_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
      "created_at" timestamp(3) with time zone NOT NULL DEFAULT now()
    );
    CREATE INDEX "clients_search_trgm" ON "clients" USING gin ("search_key" gin_trgm_ops);
    CREATE INDEX "clients_email_idx" ON "clients" (lower("email"));
    CREATE INDEX "clients_phone_idx" ON "clients" (regexp_replace(coalesce("phone_number", ''), '[^0-9]', '', 'g'));
    CREATE INDEX "clients_surname_idx" ON "clients" (lower("surname"), lower("name"));
    CREATE INDEX "clients_created_by_idx" ON "clients" ("created_by_id");
    CREATE INDEX "clients_updated_at_idx" ON "clients" ("updated_at");
    CREATE INDEX "clients_created_at_idx" ON "clients" ("created_at");

    CREATE TABLE "client_notes" (
      "id" serial PRIMARY KEY,
      "client_id" integer NOT NULL REFERENCES "clients" ("id") ON DELETE CASCADE,
      "author_id" integer REFERENCES "users" ("id") ON DELETE SET NULL,
      "body" varchar NOT NULL,
      "created_at" timestamp(3) with time zone NOT NULL DEFAULT now()
    );
    CREATE INDEX "client_notes_client_idx" ON "client_notes" ("client_id", "created_at");

    ALTER TABLE "reservations" ADD COLUMN "client_id" integer REFERENCES "clients" ("id") ON DELETE SET NULL;
    CREATE INDEX "reservations_client_idx" ON "reservations" ("client_id");

    CREATE TABLE "reservation_checkouts" (
      "reservation_id" integer PRIMARY KEY REFERENCES "reservations" ("id") ON DELETE CASCADE,
      "subtotal" numeric(10, 2) NOT NULL,
      "discount_kind" varchar(8) CHECK ("discount_kind" IN ('AMOUNT', 'PERCENT')),
      "discount_value" numeric(10, 2),
      "discount" numeric(10, 2) NOT NULL DEFAULT 0,
      "total" numeric(10, 2) NOT NULL,
      "tip" numeric(10, 2) NOT NULL DEFAULT 0,
      "at" timestamp(3) with time zone NOT NULL DEFAULT now(),
      "by_id" integer REFERENCES "users" ("id") ON DELETE SET NULL,
      CONSTRAINT "reservation_checkouts_amounts" CHECK ("subtotal" >= 0 AND "discount" >= 0 AND "discount" <= "subtotal" AND "total" = "subtotal" - "discount" AND "tip" >= 0)
    );
    CREATE INDEX "reservation_checkouts_at_idx" ON "reservation_checkouts" ("at");

    CREATE TABLE "reservation_payments" (
      "id" serial PRIMARY KEY,
      "reservation_id" integer NOT NULL REFERENCES "reservation_checkouts" ("reservation_id") ON DELETE CASCADE,
      "method" varchar(8) NOT NULL CHECK ("method" IN ('CASH', 'CARD', 'TRANSFER', 'OTHER')),
      "amount" numeric(10, 2) NOT NULL CHECK ("amount" > 0),
      "position" integer NOT NULL DEFAULT 0
    );
    CREATE INDEX "reservation_payments_reservation_idx" ON "reservation_payments" ("reservation_id");

    -- Merge two cards: everything of "drop" onto "keep", then "drop" goes.
    CREATE FUNCTION "clients_merge"(keep integer, drop integer) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      d clients%ROWTYPE;
      k clients%ROWTYPE;
    BEGIN
      IF keep = drop THEN RAISE EXCEPTION 'clients_merge: same card' USING ERRCODE = '22023'; END IF;
      SELECT * INTO k FROM clients WHERE id = keep FOR UPDATE;
      SELECT * INTO d FROM clients WHERE id = drop FOR UPDATE;
      IF k.id IS NULL OR d.id IS NULL THEN RAISE EXCEPTION 'clients_merge: no such card' USING ERRCODE = '22023'; END IF;
      IF k.user_id IS NOT NULL AND d.user_id IS NOT NULL THEN
        RAISE EXCEPTION 'clients_merge: both cards have an account' USING ERRCODE = '22023', HINT = 'BOTH_HAVE_ACCOUNTS';
      END IF;
      UPDATE clients SET user_id = NULL WHERE id = drop;
      UPDATE clients SET
        surname = coalesce(nullif(k.surname, ''), d.surname),
        phone_number = coalesce(nullif(k.phone_number, ''), d.phone_number),
        email = coalesce(nullif(k.email, ''), d.email),
        birthday = coalesce(k.birthday, d.birthday),
        marketing_consent = k.marketing_consent OR d.marketing_consent,
        marketing_consent_at = CASE WHEN k.marketing_consent THEN k.marketing_consent_at ELSE d.marketing_consent_at END,
        tags = (SELECT coalesce(jsonb_agg(DISTINCT t), '[]'::jsonb) FROM jsonb_array_elements_text(k.tags || d.tags) t),
        allergies = CASE WHEN coalesce(d.allergies, '') = '' OR d.allergies = k.allergies THEN k.allergies
                         WHEN coalesce(k.allergies, '') = '' THEN d.allergies
                         ELSE k.allergies || E'\\n' || d.allergies END,
        technical_notes = CASE WHEN coalesce(d.technical_notes, '') = '' OR d.technical_notes = k.technical_notes THEN k.technical_notes
                         WHEN coalesce(k.technical_notes, '') = '' THEN d.technical_notes
                         ELSE k.technical_notes || E'\\n' || d.technical_notes END,
        blocked_online = k.blocked_online OR d.blocked_online,
        blocked_reason = coalesce(k.blocked_reason, d.blocked_reason),
        user_id = coalesce(k.user_id, d.user_id),
        created_by_id = coalesce(k.created_by_id, d.created_by_id),
        updated_at = now()
      WHERE id = keep;
      UPDATE reservations SET client_id = keep,
        user_id = coalesce((SELECT user_id FROM clients WHERE id = keep), user_id)
       WHERE client_id = drop OR client_id = keep;
      UPDATE client_notes SET client_id = keep WHERE client_id = drop;
      DELETE FROM clients WHERE id = drop;
    END $$;

    -- The card of an account, created when missing.
    CREATE FUNCTION "client_of_user"(uid integer) RETURNS integer LANGUAGE plpgsql AS $$
    DECLARE cid integer;
    BEGIN
      SELECT id INTO cid FROM clients WHERE user_id = uid;
      IF cid IS NULL THEN
        INSERT INTO clients (name, surname, phone_number, email, user_id)
          SELECT coalesce(nullif(u.name, ''), u.email), u.surname, u.phone_number, lower(u.email), u.id FROM users u WHERE u.id = uid
          ON CONFLICT (user_id) DO NOTHING
          RETURNING id INTO cid;
        IF cid IS NULL THEN SELECT id INTO cid FROM clients WHERE user_id = uid; END IF;
      END IF;
      RETURN cid;
    END $$;

    CREATE FUNCTION "reservations_client_of_user"() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.user_id IS NOT NULL AND NEW.client_id IS NULL THEN
        NEW.client_id := client_of_user(NEW.user_id);
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER "reservations_client_of_user" BEFORE INSERT OR UPDATE OF user_id, client_id ON "reservations"
      FOR EACH ROW EXECUTE FUNCTION reservations_client_of_user();

    -- Desk cards with a verified e-mail join the account's card.
    CREATE FUNCTION "join_desk_cards"(uid integer) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE own integer; other integer; mail text;
    BEGIN
      SELECT lower(email) INTO mail FROM users WHERE id = uid AND email_verified_at IS NOT NULL;
      IF mail IS NULL THEN RETURN; END IF;
      own := client_of_user(uid);
      FOR other IN SELECT id FROM clients WHERE user_id IS NULL AND anonymised_at IS NULL AND lower(email) = mail AND id <> own ORDER BY id LOOP
        PERFORM clients_merge(own, other);
      END LOOP;
    END $$;

    CREATE FUNCTION "users_card"() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        IF NEW.user_role = 'USER' THEN PERFORM client_of_user(NEW.id); END IF;
        IF NEW.email_verified_at IS NOT NULL THEN PERFORM join_desk_cards(NEW.id); END IF;
        RETURN NULL;
      END IF;
      IF (NEW.name, NEW.surname, NEW.phone_number, NEW.email) IS DISTINCT FROM (OLD.name, OLD.surname, OLD.phone_number, OLD.email) THEN
        UPDATE clients SET name = coalesce(nullif(NEW.name, ''), name), surname = NEW.surname,
               phone_number = coalesce(NEW.phone_number, phone_number), email = lower(NEW.email), updated_at = now()
         WHERE user_id = NEW.id;
      END IF;
      IF NEW.email_verified_at IS NOT NULL AND (OLD.email_verified_at IS NULL OR lower(OLD.email) <> lower(NEW.email)) THEN
        PERFORM join_desk_cards(NEW.id);
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER "users_card" AFTER INSERT OR UPDATE OF name, surname, phone_number, email, email_verified_at ON "users"
      FOR EACH ROW EXECUTE FUNCTION users_card();

    -- Every customer account and every account with bookings gets its card; bookings point to it.
    INSERT INTO clients (name, surname, phone_number, email, user_id, created_at)
      SELECT coalesce(nullif(u.name, ''), u.email), u.surname, u.phone_number, lower(u.email), u.id, u.created_at
        FROM users u
       WHERE u.user_role = 'USER' OR EXISTS (SELECT 1 FROM reservations r WHERE r.user_id = u.id);
    UPDATE reservations r SET client_id = c.id FROM clients c WHERE c.user_id = r.user_id AND r.client_id IS NULL;
  `),
  )
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(
    sql.raw(`
    DROP TRIGGER IF EXISTS "users_card" ON "users";
    DROP TRIGGER IF EXISTS "reservations_client_of_user" ON "reservations";
    DROP FUNCTION IF EXISTS "users_card"();
    DROP FUNCTION IF EXISTS "join_desk_cards"(integer);
    DROP FUNCTION IF EXISTS "reservations_client_of_user"();
    DROP FUNCTION IF EXISTS "client_of_user"(integer);
    DROP FUNCTION IF EXISTS "clients_merge"(integer, integer);
    DROP TABLE IF EXISTS "reservation_payments";
    DROP TABLE IF EXISTS "reservation_checkouts";
    ALTER TABLE "reservations" DROP COLUMN IF EXISTS "client_id";
    DROP TABLE IF EXISTS "client_notes";
    DROP TABLE IF EXISTS "clients";
    DROP FUNCTION IF EXISTS "salon_fold"(text);
  `),
  )
}
