/**
 * The phone (issue 26 §3): verified by an SMS code, and a second factor of type `phone` (spec §7
 * `POST /factors { friendly_name, factor_type, phone }`, `/factors/{id}/challenge { channel }`,
 * `/factors/{id}/verify { code, challenge_id }`). The code rules are in ../auth/phoneCode.ts.
 */
import { z } from './zod'
import { FIELD_MESSAGES as M } from '../messages'
import { isSmsCode, normalizeSmsCode } from '../auth/phoneCode'
import { toE164 } from '../sms/sms'
import { factorCode, phone, smsChallengeId } from './index'

export const FACTOR_TYPES = ['totp', 'phone'] as const
export type FactorType = (typeof FACTOR_TYPES)[number]

/** A number an SMS can reach: what `phone` accepts and that makes an E.164 number (+39 by default). */
export const smsPhone = phone.refine((v) => toE164(v) !== null, { message: M.PHONE_INVALID })

/** The 6 digits of an SMS code ("123 456" is forgiven). */
export const smsCode = z
  .string()
  .trim()
  .min(1, M.VERIFICATION_CODE_REQUIRED)
  .refine(isSmsCode, { message: M.SMS_CODE_INVALID })
  .transform(normalizeSmsCode)

/** POST /api/auth/phone — send a code to this number. */
export const phoneBody = z.object({ phone: smsPhone }).strict()
/** POST /api/auth/phone/verify — the code that came. */
export const phoneVerifyBody = z.object({ challenge_id: smsChallengeId, code: smsCode }).strict()

/** POST /api/auth/factors — TOTP by default; a phone factor names its number. */
export const factorEnrollBody = z
  .object({
    friendly_name: z.string().trim().max(100).optional(),
    factor_type: z.enum(FACTOR_TYPES, { message: M.FACTOR_TYPE_INVALID }).optional(),
    phone: smsPhone.optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.factor_type === 'phone' && !v.phone)
      ctx.addIssue({ code: 'custom', path: ['phone'], message: M.PHONE_REQUIRED })
  })
export type FactorEnrollBody = z.infer<typeof factorEnrollBody>

const channel = z.literal('sms', { message: M.CHANNEL_INVALID })

/** POST /api/auth/factors/:id/challenge — send a code to a phone factor's number. */
export const factorChallengeBody = z.object({ channel }).strict()

/** POST /api/auth/login/challenge — during a login's second step, a code by SMS to a phone factor. */
export const loginChallengeBody = z
  .object({
    challenge: z.string().min(1, M.CHALLENGE_MISSING).max(4000),
    factor_id: z.number({ message: M.FACTOR_INVALID }).int(M.FACTOR_INVALID).positive(M.FACTOR_INVALID),
    channel,
  })
  .strict()

export { factorCode, smsChallengeId }
