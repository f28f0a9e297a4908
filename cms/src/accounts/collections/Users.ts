import type { CollectionConfig, PayloadRequest } from 'payload'
import { closedAuthEndpoints } from '../endpoints/auth'
import {
  inBackground,
  pool,
  sqlInRequest,
  parseOr400,
  requireAdmin,
  adminOrSelf,
  isAdmin,
  isAdminField,
  isAdminUser,
  userOf,
  textMatching,
  clientIp,
} from '../../platform'
import crypto from 'node:crypto'
import { inviteUser, reinviteUser, sendConfirmation } from '../accounts'
import { usersCount, usersCountCompare } from '../../calendar'
import { APIError, ValidationError } from 'payload'
import {
  ACCESS_TOKEN_SECONDS,
  PASSWORD_MIN_LENGTH,
  ROLES,
  idParam,
  phone,
  privacyAccepted,
  toE164,
} from '@salon/shared'
import { env } from '../../env'
import { TooManyRegistrations, assertRefusalsUnder, claimRegistration, countRefusedRegistration } from '../registration'
import { assertUserFields } from '../userFields'
import { dummyPasswordCheck } from '../login'
import type { Run } from '../rateLimit'
import { sql } from '@payloadcms/db-postgres'
import { keepLastAdminOnChange, keepLastAdminOnDelete } from '../lastAdmin'
import { leanSessionStrategy } from '../leanAuth'

export const Users: CollectionConfig = {
  slug: 'users',
  // Payload's own e-mail recovery bypasses the product's rules (hashed single-use codes, same
  // answer for unknown addresses): closed until the accounts issue replaces it.
  endpoints: [
    usersCount,
    usersCountCompare,
    ...closedAuthEndpoints,
    {
      // POST /api/users/:id/invite — a new invitation mail (admins; the older link stops working).
      path: '/:id/invite',
      method: 'post',
      handler: async (req) => {
        const admin = requireAdmin(req)
        const id = parseOr400(idParam, req.routeParams?.id)
        await reinviteUser(req.payload, id, invitedBy(admin))
        return Response.json({ message: 'Invito inviato' })
      },
    },
  ],
  auth: {
    // Short-lived access token (30 min); the login state lasts through the rotating refresh
    // token (one year, accounts/sessions.ts, docs/architecture.md "Sessions").
    tokenExpiration: ACCESS_TOKEN_SECONDS,
    // Brute force is limited by accounts/rateLimit.ts (per account and per IP, 429 + Retry-After);
    // Payload's own lockout would answer 401 and let anyone lock any account for good measure.
    maxLoginAttempts: 0,
    cookies: { sameSite: 'Lax', secure: env.secureCookies },
    // Before Payload's own JWT strategy: the booking confirm's user in one statement, checked by
    // Payload's JWT code all the same (accounts/leanAuth.ts); every other request falls through to it.
    strategies: [leanSessionStrategy],
  },
  admin: { useAsTitle: 'email' },
  defaultSort: '-createdAt',
  access: {
    // Registration: visitors sign themselves up (always as USER, see below); admins add anyone.
    create: ({ req }) => !req.user || isAdminUser(userOf(req)),
    read: adminOrSelf,
    update: adminOrSelf,
    delete: isAdmin,
    unlock: isAdmin,
  },
  hooks: {
    beforeOperation: [
      async ({ args, operation, req }) => {
        // Only the fields the caller may send (accounts/userFields.ts): 400 naming the others.
        assertUserFields(operation, req, (args as { data?: unknown }).data)
        // Self-registration (a visitor through the API) is limited per client address before
        // anything is written: 429 + Retry-After over the limit (accounts/registration.ts). Every
        // attempt counts towards one limit (an address already registered answers so: issue 22 §3,
        // docs/architecture.md "Account enumeration"); created accounts towards another, taken on
        // the create's own transaction — a registration that fails after all rolls it back.
        if (operation === 'create' && req.payloadAPI !== 'local' && !req.user) {
          try {
            const run = await sqlInRequest(req)
            await assertRefusalsUnder(run, clientIp(req))
            req.context.selfRegistration = true
            // Payload refuses a registered address before hashing the password: spend that time
            // anyway, so that the refusal costs what a registration costs (issue 22 §3).
            await registeredAddressCostsTheSame(run, (args as { data?: Record<string, unknown> }).data)
            await claimRegistration(run, clientIp(req))
          } catch (err) {
            if (err instanceof TooManyRegistrations)
              req.responseHeaders = new Headers({ 'Retry-After': String(err.retryAfterSeconds) })
            throw err
          }
        }
        return args
      },
    ],
    afterRead: [
      ({ doc, overrideAccess }) => {
        // Session ids stay on the server (the JWT check reads them with overrideAccess).
        if (!overrideAccess) delete (doc as { sessions?: unknown }).sessions
        return doc
      },
      async ({ doc, overrideAccess, findMany, req }) => {
        // The session's user is loaded by id with overrideAccess: mark whether an admin's second
        // factor is required and active (read by hasRole), without a query per listed user. The
        // requirement is TOTP's (`requireAdminTotp`): an SMS code alone does not satisfy it.
        if (overrideAccess && !findMany && doc.user_role === 'ADMIN') {
          const db = pool(req.payload)
          const { rows } = await db.query(
            `select coalesce((select require_admin_totp from config order by id limit 1), false) as required,
                    exists(select 1 from user_factors where user_id = $1 and status = 'verified' and factor_type = 'totp') as active`,
            [doc.id],
          )
          doc.adminTotpRequired = rows[0].required
          doc.mfaActive = rows[0].active
        }
        return doc
      },
    ],
    afterChange: [
      async ({ doc, operation, req }) => {
        if (operation !== 'create' || req.payloadAPI === 'local') return doc
        // Added by an admin with "Invia un invito": the invitation (its link confirms the address).
        if (req.context.invite) {
          await inviteUser(req.payload, await sqlInRequest(req), doc, invitedBy(userOf(req)))
          return doc
        }
        // Registration (through the API) sends the confirmation mail; never awaited.
        if (!doc.email_verified_at)
          inBackground(req.payload, 'Confirmation mail', () => sendConfirmation(req.payload, doc))
        return doc
      },
    ],
    beforeValidate: [
      ({ data, operation, req }) => {
        // An admin adding someone may invite them instead of choosing their password: the account
        // gets a random one nobody knows, and the invitation's link lets the person set their own.
        if (operation === 'create' && data?.invite === true && isAdminUser(userOf(req))) {
          if (typeof data.password === 'string' && data.password)
            throw new ValidationError({
              collection: 'users',
              errors: [{ path: 'password', message: 'Con l’invito la password la sceglie la persona' }],
            })
          data.password = crypto.randomBytes(32).toString('base64url')
          req.context.invite = true
        }
        if (data) delete data.invite
        return data
      },
      ({ data, operation, req }) => {
        // A password is changed through the change-password flow (current password or recovery
        // code), never by a plain profile update.
        if (
          operation === 'update' &&
          req.payloadAPI !== 'local' &&
          !isAdminUser(userOf(req)) &&
          data &&
          'password' in data
        ) {
          throw new APIError(
            'La password si cambia con la procedura di cambio password.',
            403,
            {
              errors: [{ path: 'password', message: 'Non modificabile da qui' }],
            },
            true,
          )
        }
        const password = (data as { password?: unknown } | undefined)?.password
        if (password !== undefined && (typeof password !== 'string' || password.length < PASSWORD_MIN_LENGTH)) {
          throw new ValidationError({
            collection: 'users',
            errors: [{ path: 'password', message: `La password deve avere almeno ${PASSWORD_MIN_LENGTH} caratteri` }],
          })
        }
        return data
      },
    ],
    afterError: [
      async ({ error, req }) => {
        // A refused self-registration (address taken, bad input) counts once its transaction is
        // rolled back: "an account exists" is not an unlimited oracle (accounts/registration.ts).
        const status = (error as { status?: number }).status ?? 500
        if (req.context.selfRegistration && status >= 400 && status < 500 && status !== 429)
          await countRefusedRegistration(pool(req.payload), clientIp(req))
      },
    ],
    beforeDelete: [keepLastAdminOnDelete],
    beforeChange: [
      keepLastAdminOnChange,
      ({ data, operation, originalDoc, req }) => {
        // The address changes only through POST /api/auth/change_email (current password) or by an
        // admin; either way it must be confirmed again, unless the admin sets the date explicitly.
        const before = (originalDoc as { email?: string; email_verified_at?: string | null } | undefined) ?? {}
        if (operation !== 'update' || typeof data.email !== 'string' || !before.email) return data
        if (data.email.trim().toLowerCase() === before.email.toLowerCase()) return data
        if (req.payloadAPI !== 'local' && !isAdminUser(userOf(req))) {
          throw new APIError(
            'L’e-mail si cambia con la procedura di cambio e-mail (serve la password).',
            403,
            { errors: [{ path: 'email', message: 'Non modificabile da qui' }] },
            true,
          )
        }
        const time = (v: unknown) => (v ? new Date(v as string).getTime() : null)
        if (data.email_verified_at === undefined || time(data.email_verified_at) === time(before.email_verified_at))
          data.email_verified_at = null
        return data
      },
      ({ data, operation, originalDoc }) => {
        // A number changed any other way than its SMS code (POST /api/auth/phone/verify, which
        // writes both itself) is not verified any more (issue 26 §3). A phone factor keeps its own.
        if (operation !== 'update' || !('phone_number' in data)) return data
        const before = (originalDoc as { phone_number?: string | null } | undefined)?.phone_number
        const e164 = (v: unknown) => (typeof v === 'string' && v.trim() ? (toE164(v) ?? v.trim()) : null)
        if (e164(data.phone_number) !== e164(before)) data.phone_verified_at = null
        // The same number written another way keeps the verified form (E.164).
        else if (before) data.phone_number = before
        return data
      },
      ({ data, operation, req }) => {
        // A visitor registering has ticked "Ho letto l'informativa sulla privacy" (checked with the
        // other fields by `privacy_accepted`'s validate, below): the moment is the server's clock.
        // Nobody writes `privacy_accepted_at` through the API (field access); accounts an admin
        // creates or invites, and the seed's, have none.
        if (isSelfRegistration(operation, req)) data.privacy_accepted_at = new Date().toISOString()
        return data
      },
      ({ data, operation, req, originalDoc }) => {
        // Through the API nobody but an admin chooses a role (field access drops it too; this is
        // the belt). Server code using the Local API — seed, bootstrap — is trusted.
        if (req.payloadAPI !== 'local' && !isAdminUser(userOf(req))) {
          data.user_role = operation === 'create' ? 'USER' : (originalDoc?.user_role ?? 'USER')
        }
        return data
      },
    ],
  },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 100 },
    { name: 'surname', type: 'text', maxLength: 100 },
    { name: 'phone_number', type: 'text', maxLength: 30, validate: textMatching(phone) },
    /** When the number was proven by an SMS code (POST /api/auth/phone/verify); never set through the API. */
    {
      name: 'phone_verified_at',
      type: 'date',
      admin: { readOnly: true },
      access: { create: () => false, update: () => false },
    },
    {
      name: 'user_role',
      type: 'select',
      options: [...ROLES],
      defaultValue: 'USER',
      required: true,
      index: true,
      access: { create: isAdminField, update: isAdminField },
    },
    { name: 'upload', type: 'upload', relationTo: 'upload' },
    /** Set when the customer follows the confirmation link; only admins set it by hand. */
    { name: 'email_verified_at', type: 'date', access: { create: isAdminField, update: isAdminField } },
    {
      // Write-only consent of a registration (`POST /api/users` by a visitor): must be `true`
      // (the shared `privacyAccepted` rule, as on the form), else 400 naming this field together
      // with any other invalid one. Not stored: what is kept is the moment, below.
      name: 'privacy_accepted',
      type: 'checkbox',
      virtual: true,
      validate: (value: unknown, { operation, req }: { operation?: string; req: PayloadRequest }) => {
        if (!isSelfRegistration(operation, req)) return true
        const parsed = privacyAccepted.safeParse(value)
        return parsed.success || (parsed.error.issues[0]?.message ?? 'Consenso mancante')
      },
    },
    /**
     * When the customer accepted the privacy policy at registration (the server's clock). Read-only:
     * set once by the registration, never through the API (not by an admin either).
     */
    {
      name: 'privacy_accepted_at',
      type: 'date',
      admin: { readOnly: true },
      access: { create: () => false, update: () => false },
    },
  ],
  timestamps: true,
}

/** When `data.email` already has an account: a dummy password check of a registration's cost. */
async function registeredAddressCostsTheSame(run: Run, data: Record<string, unknown> | undefined) {
  const { email, password } = data ?? {}
  if (typeof email !== 'string' || typeof password !== 'string') return
  const rows = await run(sql`select 1 from users where lower(email) = lower(trim(${email}))`)
  if (rows.length) await dummyPasswordCheck(password)
}

/** A visitor creating their own account through the API (not an admin, not server code). */
function isSelfRegistration(operation: string | undefined, req: PayloadRequest): boolean {
  return operation === 'create' && req.payloadAPI !== 'local' && !isAdminUser(userOf(req))
}

/** "Giulia Bianchi" (or the address) in the invitation's "… ti ha creato un account". */
function invitedBy(user: { name?: string | null; surname?: string | null; email?: string } | null | undefined) {
  const name = [user?.name, user?.surname].filter(Boolean).join(' ')
  return name || user?.email || 'Il salone'
}
