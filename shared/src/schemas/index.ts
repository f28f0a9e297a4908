import { z } from './zod'
import { FIELD_MESSAGES as M, fieldMessage, issueCode } from '../messages'
import { PASSWORD_MIN_LENGTH, REPORT_MAX_DAYS } from '../constants'
import { ROLES, UPLOAD_LABELS } from '../enums/index'
import { uploadNameField } from './uploads'
import { HHMM_FORMAT, sensibleYear } from '../calendarDay'

// zod runs jitless (no `new Function` under the CSP): set once in ./zod, which every schema imports.

/** `HH:mm`, 00:00–23:59 (24:00 allowed as a closing time: "open until midnight"). */
export const hhmm = z.string().regex(HHMM_FORMAT, M.TIME_FORMAT)

/** Italian-friendly phone: optional +, digits, spaces, dots, dashes, parentheses; 6–15 digits. */
export const phone = z
  .string()
  .trim()
  .min(1, M.PHONE_REQUIRED)
  .refine(
    (v) => /^\+?[\d\s().-]+$/.test(v) && (v.match(/\d/g)?.length ?? 0) >= 6 && (v.match(/\d/g)?.length ?? 0) <= 15,
    {
      message: M.PHONE_INVALID,
    },
  )

export const email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, M.EMAIL_REQUIRED)
  .email(M.EMAIL_INVALID)
  .max(254, M.EMAIL_TOO_LONG)

export const loginBody = z.object({
  email,
  password: z.string().min(1, M.PASSWORD_REQUIRED).max(256),
})
export type LoginBody = z.infer<typeof loginBody>

export const passwordField = z
  .string()
  .min(1, M.PASSWORD_REQUIRED)
  .min(PASSWORD_MIN_LENGTH, fieldMessage('PASSWORD_TOO_SHORT', { n: PASSWORD_MIN_LENGTH }))
  .max(256)

/**
 * Consent to the privacy policy at registration: the box must be ticked (`true`); missing, `false`
 * or anything else is refused with this message. The server records when (`privacy_accepted_at`).
 */
export const privacyAccepted = z.literal(true, {
  message: M.PRIVACY_REQUIRED,
})

/** Registration of a customer (the public form; the server adds the role USER). */
export const registerBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, M.YOUR_NAME_REQUIRED)
    .max(100, fieldMessage('AT_MOST_CHARS', { n: 100 })),
  surname: z
    .string()
    .trim()
    .min(1, M.YOUR_SURNAME_REQUIRED)
    .max(100, fieldMessage('AT_MOST_CHARS', { n: 100 })),
  email,
  phone_number: phone,
  password: passwordField,
  privacy_accepted: privacyAccepted,
})
export type RegisterBody = z.infer<typeof registerBody>

/** The dashboard's user form: the person, their role and — on creation — a first password. */
export const adminUserInput = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, M.ENTER_NAME)
      .max(100, fieldMessage('AT_MOST_CHARS', { n: 100 })),
    surname: z
      .string()
      .trim()
      .max(100, fieldMessage('AT_MOST_CHARS', { n: 100 }))
      .nullable()
      .optional(),
    email,
    phone_number: phone.nullable().optional().or(z.literal('')),
    user_role: z.enum(ROLES, { message: M.ROLE_REQUIRED }),
    /** Required when creating without an invitation; when editing, empty keeps the current one. */
    password: passwordField.optional().or(z.literal('')),
    /** Creating: mail an invitation whose link lets the person choose their password. */
    invite: z.boolean().optional(),
    /** The profile photo (an upload). */
    upload: z.number().int().positive().nullable().optional(),
  })
  .refine((u) => !(u.invite && u.password), {
    path: ['password'],
    message: M.INVITE_NO_PASSWORD,
  })
export type AdminUserInput = z.infer<typeof adminUserInput>

/**
 * What a user may change of their own profile (never the role, never the e-mail verification, never
 * the photo: that is PUT /api/auth/me/avatar, so a profile points only at its owner's own upload).
 */
export const updateMeBody = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, M.YOUR_NAME_REQUIRED)
      .max(100, fieldMessage('AT_MOST_CHARS', { n: 100 }))
      .optional(),
    surname: z
      .string()
      .trim()
      .min(1, M.YOUR_SURNAME_REQUIRED)
      .max(100, fieldMessage('AT_MOST_CHARS', { n: 100 }))
      .optional(),
    phone_number: phone.nullable().optional(),
  })
  .strict()
export type UpdateMeBody = z.infer<typeof updateMeBody>

const DATE_OR_DATE_TIME = /^(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/

/**
 * A calendar day `YYYY-MM-DD` or an ISO-8601 instant with its offset; impossible dates refused, and
 * years outside the salon's calendar (2000–2999, `sensibleYear`): `0001-01-01` reached the database
 * and a period before it was no date at all (a 500, issue 22 §5.10).
 */
export const dateOrDateTime = z
  .string()
  .refine(
    (v) => {
      const m = DATE_OR_DATE_TIME.exec(v)
      if (!m) return false
      const d = new Date(m[1] + 'T00:00:00Z')
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === m[1] && !Number.isNaN(new Date(v).getTime())
    },
    { message: M.DATE_OR_INSTANT, abort: true },
  )
  .refine(sensibleYear, { message: M.YEAR_OUT_OF_RANGE })

/**
 * The period of a report: `to` not before `from`, and at most REPORT_MAX_DAYS long — a comparison
 * also reads the period before it, and a report is grouped by day at most.
 */
export function periodProblem(q: { from?: string; to?: string }): { message: string } | null {
  if (!q.from || !q.to) return null
  const span = new Date(q.to).getTime() - new Date(q.from).getTime()
  if (span < 0) return { message: M.END_BEFORE_START }
  if (span > REPORT_MAX_DAYS * 86_400_000) return { message: fieldMessage('AT_MOST_DAYS', { n: REPORT_MAX_DAYS }) }
  return null
}

/** Adds the period's problem, if any, as an issue on `to`. */
export const refinePeriod = (q: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  const problem = periodProblem(q)
  if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem.message })
}

/** `from`/`to` of the count endpoints: a date or a date-time; `to` must not precede `from`. */
export const periodQuery = z
  .object({
    from: dateOrDateTime.optional(),
    to: dateOrDateTime.optional(),
  })
  .superRefine(refinePeriod)
export type PeriodQuery = z.infer<typeof periodQuery>

export const comparePeriodQuery = z.object({ from: dateOrDateTime, to: dateOrDateTime }).superRefine(refinePeriod)

export const uploadUpsertFields = z.object({
  name: uploadNameField,
  label: z.enum(UPLOAD_LABELS).optional(),
  alt: z.string().max(300).optional(),
  position: z.coerce.number().int().min(0).optional(),
})

export const roleSchema = z.enum(ROLES)

/** A positive integer id in a path or query. */
export const idParam = z.coerce.number({ message: M.ID_INVALID }).int(M.ID_INVALID).positive(M.ID_INVALID)

/** Route params `{ id }` of `/…/:id/…`: a refusal names `id`. */
export const idPathParams = z.object({ id: idParam })

/** Flattens a zod error into the API's error body: one entry per field, each with its code. */
export function zodErrorBody(error: z.ZodError) {
  return {
    errors: [
      {
        name: 'ValidationError',
        message: 'Dati non validi: ' + [...new Set(error.issues.map((i) => i.path.join('.') || '(body)'))].join(', '),
        data: {
          code: 'INVALID_INPUT',
          errors: error.issues.map((i) => ({
            path: i.path.join('.') || '(body)',
            message: i.message,
            ...issueCode(i),
          })),
        },
      },
    ],
  }
}

/** The password policy: at least 8 characters and not the account's e-mail. */
export const newPassword = (emailOf?: string) =>
  passwordField.refine((p) => !emailOf || p.trim().toLowerCase() !== emailOf.trim().toLowerCase(), {
    message: M.PASSWORD_IS_EMAIL,
  })

export const recoveryRequestBody = z.object({ email }).strict()

export const recoveryCheckBody = z.object({ token: z.string().min(1, M.CODE_MISSING).max(200), email }).strict()

/** change_password with a recovery code (a visitor who forgot the password). */
export const recoveryChangeBody = z
  .object({ token: z.string().min(1, M.CODE_MISSING).max(200), email, password: passwordField })
  .strict()
/** change_password when logged in: the current password proves it is them. */
export const loggedInChangeBody = z
  .object({ oldPassword: z.string().min(1, M.CURRENT_PASSWORD_REQUIRED).max(256), password: passwordField })
  .strict()

/** change_email: the current password proves it is them; the new address must be confirmed again. */
export const changeEmailBody = z
  .object({ password: z.string().min(1, M.CURRENT_PASSWORD_REQUIRED).max(256), email })
  .strict()
export type ChangeEmailBody = z.infer<typeof changeEmailBody>

export const emailConfirmBody = z.object({ token: z.string().min(1, M.CODE_MISSING).max(300) }).strict()

/** A second-factor code: 6 digits from the app or an SMS, or a recovery code like `AB12C-3DE45`. */
export const factorCode = z
  .string()
  .trim()
  .min(1, M.VERIFICATION_CODE_REQUIRED)
  .min(6, M.CODE_INVALID)
  .max(20, M.CODE_INVALID)
/** The id of a code sent by SMS (`POST …/challenge` answered it). */
export const smsChallengeId = z.string().trim().min(1, M.CODE_REQUEST_INVALID).uuid(M.CODE_REQUEST_INVALID)
/** Removing a factor, or verifying it: a code, and for an SMS code the challenge that sent it. */
export const factorCodeBody = z.object({ code: factorCode, challenge_id: smsChallengeId.optional() }).strict()
/** The second step of a login: the sealed challenge, a code, and the SMS challenge's id when the code came by SMS. */
export const loginVerifyBody = z
  .object({
    challenge: z.string().min(1, M.CHALLENGE_MISSING).max(4000),
    code: factorCode,
    challenge_id: smsChallengeId.optional(),
  })
  .strict()
