import { describe, expect, it } from 'vitest'
import { LEAVE_KINDS, RESERVATION_STATUSES } from './enums/index'
import { DAY_OF_WEEK_LABELS_IT } from './schemas/opening'
import {
  CLOSURE_TYPE_LABELS_EN,
  CLOSURE_TYPE_LABELS_IT,
  DAY_OF_WEEK_LABELS_EN,
  GLOSSARY,
  ROLE_LABELS_EN,
  ROLE_LABELS_IT,
  STATUS_ACTION_LABELS_EN,
  STATUS_ACTION_LABELS_IT,
  UPLOAD_LABEL_LABELS_EN,
  UPLOAD_LABEL_LABELS_IT,
  statusLabel,
} from './glossary'

const keys = (o: object) => Object.keys(o).sort()

describe('glossary in English and Italian', () => {
  it('names the same values in both languages', () => {
    expect(keys(STATUS_ACTION_LABELS_EN)).toEqual(keys(STATUS_ACTION_LABELS_IT))
    expect(keys(ROLE_LABELS_EN)).toEqual(keys(ROLE_LABELS_IT))
    expect(keys(CLOSURE_TYPE_LABELS_EN)).toEqual(keys(CLOSURE_TYPE_LABELS_IT))
    expect(keys(UPLOAD_LABEL_LABELS_EN)).toEqual(keys(UPLOAD_LABEL_LABELS_IT))
    expect(keys(DAY_OF_WEEK_LABELS_EN)).toEqual(keys(DAY_OF_WEEK_LABELS_IT))
  })

  it('names the leave kinds in both languages (GLOSSARY.md "The team\'s week")', () => {
    expect(keys(GLOSSARY.en.leaveKind)).toEqual([...LEAVE_KINDS].sort())
    expect(keys(GLOSSARY.it.leaveKind)).toEqual([...LEAVE_KINDS].sort())
    expect(GLOSSARY.it.leaveKind).toEqual({
      ANNUAL: 'Ferie',
      PERMIT: 'Permesso',
      SICK: 'Malattia',
      TRAINING: 'Formazione',
    })
    expect(GLOSSARY.en.leaveKind.PERMIT).toBe('Time off')
    expect(GLOSSARY.it.rota.offShift).toBe('Non di turno')
    expect(GLOSSARY.en.rota.toReassign).toBe('Bookings to reassign')
  })

  it('uses GLOSSARY.md’s words', () => {
    expect(RESERVATION_STATUSES.map((s) => statusLabel(s, 'en'))).toContain('Awaiting payment')
    expect(statusLabel('PENDING_CONFIRMATION', 'en')).toBe('Draft')
    expect(statusLabel('NO_SHOW', 'it')).toBe('Non presentato')
    expect(ROLE_LABELS_EN).toEqual({ USER: 'Customer', OPERATOR: 'Operator', ADMIN: 'Admin' })
    expect(CLOSURE_TYPE_LABELS_EN.PARTIAL_DAY).toBe('Part of a day')
    expect(GLOSSARY.en.closureType.RECURRING_YEARLY).toBe('Yearly')
    expect(GLOSSARY.it.role.ADMIN).toBe('Amministratore')
  })

  it('never shows an enum value for a known status, and an unknown one reads as itself', () => {
    for (const s of RESERVATION_STATUSES) expect(statusLabel(s, 'en')).not.toBe(s)
    expect(statusLabel('SOMETHING_NEW', 'en')).toBe('SOMETHING_NEW')
  })
})
