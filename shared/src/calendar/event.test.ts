import { describe, expect, it } from 'vitest'
import {
  calendarEvent,
  CALENDAR_SEQUENCE_BASE,
  calendarSequence,
  calendarStatus,
  eventDescription,
  eventSummary,
  reservationUid,
} from './event'
import { RESERVATION_STATUSES } from '../enums/index'
import { booking, salon } from './test-fixtures'

describe('calendar event facts', () => {
  it('summary: services and salon; a booking without services still reads as an appointment', () => {
    expect(eventSummary(booking, salon)).toBe('Taglio donna, Piega — Salone Demo')
    expect(eventSummary({ ...booking, services: [] }, salon)).toBe('Appuntamento — Salone Demo')
  })

  it('description: services, operator, Italian status, note, salon contacts and the bookings link', () => {
    expect(eventDescription(booking, salon).split('\n')).toEqual([
      'Servizi: Taglio donna, Piega',
      'Con: Giulia Bianchi',
      'Stato: In attesa di conferma',
      'Note: Capelli lunghi; niente lacca, grazie',
      'Arrivo 5 minuti prima',
      '',
      'Salone Demo',
      'Via Roma 1, 20121 Milano',
      'Tel. +39 02 1234 5678',
      '',
      'I miei appuntamenti: https://salone.example:8443/reserved-area',
    ])
    const bare = eventDescription(
      { ...booking, services: ['Piega'], operator: null, note: '  ', status: 'CONFIRMED' },
      { ...salon, address: '', phone: null, publicUrl: 'http://localhost:3000/' },
    )
    expect(bare.split('\n')).toEqual([
      'Servizio: Piega',
      'Stato: Confermata',
      '',
      'Salone Demo',
      '',
      'I miei appuntamenti: http://localhost:3000/reserved-area',
    ])
  })

  it('status: confirmed, tentative while waiting, cancelled when refused or cancelled', () => {
    const map = Object.fromEntries(RESERVATION_STATUSES.map((s) => [s, calendarStatus(s)]))
    expect(map).toEqual({
      CONFIRMED: 'CONFIRMED',
      COMPLETED: 'CONFIRMED',
      NO_SHOW: 'CONFIRMED',
      PENDING: 'TENTATIVE',
      APPROVED: 'TENTATIVE',
      PENDING_PAYMENT: 'TENTATIVE',
      MODIFIED: 'TENTATIVE',
      PENDING_CONFIRMATION: 'TENTATIVE',
      REJECTED: 'CANCELLED',
      CANCELLED: 'CANCELLED',
    })
  })

  it('UID: one per reservation, on the host of the public URL (no port, no scheme)', () => {
    expect(reservationUid(42, 'https://salone.example:8443')).toBe('reservation-42@salone.example')
    expect(reservationUid(7, 'http://localhost:3000')).toBe('reservation-7@localhost')
    expect(calendarEvent(booking, salon).uid).toBe('reservation-42@salone.example')
  })

  it("sequence: the id of the reservation's latest change (as PostgreSQL's bigint text too), 0 without one, an RFC 5545 integer", () => {
    expect(calendarSequence(null)).toBe(CALENDAR_SEQUENCE_BASE)
    expect(calendarSequence(undefined)).toBe(CALENDAR_SEQUENCE_BASE)
    expect(calendarSequence(41)).toBe(CALENDAR_SEQUENCE_BASE + 41)
    expect(calendarSequence('42')).toBe(CALENDAR_SEQUENCE_BASE + 42)
    // Above every number the first version issued (seconds since 2026-01-01, until 2026-12-14).
    expect(calendarSequence(0)).toBeGreaterThan((Date.UTC(2026, 11, 14) - Date.UTC(2026, 0, 1)) / 1000)
    expect(calendarSequence(2 ** 31 - 1 - CALENDAR_SEQUENCE_BASE)).toBe(2 ** 31 - 1)
    expect(() => calendarSequence(2 ** 31 - CALENDAR_SEQUENCE_BASE)).toThrow(RangeError)
    expect(() => calendarSequence(-1)).toThrow(/lastChange/)
    expect(() => calendarSequence('yesterday')).toThrow(/lastChange/)
    expect(() => calendarSequence(1.5)).toThrow(/lastChange/)
  })
})
