import { describe, expect, it } from 'vitest'
import { smsEncoding } from '@salon/shared'
import { offerMail, offerSmsText } from './offerMessages'

const facts = {
  salon: 'Salone Demo',
  timeZone: 'Europe/Rome',
  customerName: 'Giulia',
  start: '2026-12-15T09:30:00.000Z',
  services: ['Taglio', 'Piega'],
  operator: 'Marco Rossi',
  link: 'https://salone.example.it/reserve/offer/123',
  holdMinutes: 10,
  now: new Date('2026-12-14T08:00:00Z'),
}

describe('the offer mail', () => {
  it('says a time freed up, when, what, with whom, how long it is held, and links the offer page', () => {
    const m = offerMail(facts)
    expect(m.subject).toMatch(/^Si è liberato un posto: martedì 15 dicembre, 10:30$/)
    expect(m.text).toContain('Giulia')
    expect(m.text).toContain('10 minuti')
    expect(m.text).toContain('Taglio')
    expect(m.text).toContain('Marco Rossi')
    expect(m.text).toContain('Prenota ora: https://salone.example.it/reserve/offer/123')
    expect(m.html).toContain('href="https://salone.example.it/reserve/offer/123"')
  })
  it('"anyone": no operator line; a name with markup stays text', () => {
    const m = offerMail({ ...facts, operator: null, customerName: '<b>Eva</b>' })
    expect(m.text).not.toContain('Con:')
    expect(m.html).not.toContain('<b>Eva</b>')
  })
})

describe('the offer SMS', () => {
  it('is one GSM-7 segment with the link and the hold', () => {
    const text = offerSmsText(facts)
    expect(text).toBe(
      'Salone Demo: si è liberato un posto domani alle 10:30. Tenuto 10 min: https://salone.example.it/reserve/offer/123',
    )
    expect(smsEncoding(text)).toMatchObject({ encoding: 'GSM-7', segments: 1 })
  })
  it('cuts a long salon name (and drops characters outside GSM-7) to stay in one segment', () => {
    const text = offerSmsText({ ...facts, salon: 'Parrucchieria “La Bellezza” di Via dei Mille '.repeat(4) })
    expect(smsEncoding(text)).toMatchObject({ encoding: 'GSM-7', segments: 1 })
    expect(text.endsWith('https://salone.example.it/reserve/offer/123')).toBe(true)
  })
})
