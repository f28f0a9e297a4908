import { describe, expect, it } from 'vitest'
import { BOOKING_REFUSAL_CODES, type BookingRefusalCode, type DecisionReason, type LimitDecision } from '@salon/shared'
import { UNAVAILABLE_MESSAGES } from './booking'
import { DECISION_MESSAGES } from './refusals'

/**
 * Every refusal a booking write can send is in shared's BOOKING_REFUSAL_CODES — the list the
 * front ends' dictionaries are checked against (issue 21 §4). A new refusal that is not listed
 * fails here (or does not compile), before a screen shows it in the wrong words.
 */
type Refusal<D> = D extends { ok: false; reason: infer R } ? R : never
// Compile-time: the engine's decisions and limits are codes of the list (404 NOT_FOUND is no
// refusal); a reason added to either that is not listed stops the typecheck here.
type Listed<T extends BookingRefusalCode> = T
export type _Decisions = Listed<Exclude<DecisionReason, 'NOT_FOUND'>>
export type _Limits = Listed<Refusal<LimitDecision>>

describe('the booking refusals the server sends', () => {
  it('are all listed in shared/src/refusals.ts', () => {
    const sent = [...Object.keys(UNAVAILABLE_MESSAGES), ...Object.keys(DECISION_MESSAGES)]
    const listed = new Set<string>(BOOKING_REFUSAL_CODES)
    expect(sent.filter((code) => !listed.has(code))).toEqual([])
  })
})
