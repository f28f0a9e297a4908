/**
 * The notification settings of the config (issue 12): their defaults in the row the migration
 * changed, their rules (400 naming the field, in Italian), the one rule across two of them, and that
 * only an admin reads them (the public site does not need them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, errorPaths, sql } from './helpers'

const FIELDS = {
  mailCustomerBookings: 'mail_customer_bookings',
  mailCustomerChanges: 'mail_customer_changes',
  reminderHours: 'reminder_hours',
  secondReminderHours: 'second_reminder_hours',
  mailSalonNewBookings: 'mail_salon_new_bookings',
  mailSalonCancellations: 'mail_salon_cancellations',
  autoCompleteHours: 'auto_complete_hours',
} as const
const DEFAULTS = {
  mailCustomerBookings: true,
  mailCustomerChanges: true,
  reminderHours: 24,
  secondReminderHours: 0,
  mailSalonNewBookings: true,
  mailSalonCancellations: true,
  autoCompleteHours: 0,
}

let id: number
let saved: Record<string, unknown>

beforeAll(async () => {
  const [row] = await sql(`select id, ${Object.values(FIELDS).join(', ')} from config order by id limit 1`)
  id = row.id
  saved = row
})

afterAll(async () => {
  const cols = Object.values(FIELDS)
  await sql(`update config set ${cols.map((c, i) => `${c} = $${i + 2}`).join(', ')} where id = $1`, [
    id,
    ...cols.map((c) => saved[c]),
  ])
})

describe('notification settings', () => {
  it('the columns exist with their defaults, NOT NULL', async () => {
    const cols = await sql(
      `select column_name, is_nullable, column_default from information_schema.columns
        where table_name = 'config' and column_name = any($1)`,
      [Object.values(FIELDS)],
    )
    expect(cols).toHaveLength(7)
    for (const c of cols) expect(c.is_nullable, c.column_name).toBe('NO')
    // A new row gets these defaults from the database alone (the worker reads them with SQL).
    const defaults = Object.fromEntries(cols.map((c) => [c.column_name, c.column_default]))
    expect(defaults).toMatchObject({
      mail_customer_bookings: 'true',
      mail_customer_changes: 'true',
      reminder_hours: '24',
      second_reminder_hours: '0',
      mail_salon_new_bookings: 'true',
      mail_salon_cancellations: 'true',
      auto_complete_hours: '0',
    })
  })

  it('an admin reads them with the defaults and changes them', async () => {
    await sql(
      `update config set mail_customer_bookings = true, mail_customer_changes = true, reminder_hours = 24,
         second_reminder_hours = 0, mail_salon_new_bookings = true, mail_salon_cancellations = true,
         auto_complete_hours = 0 where id = $1`,
      [id],
    )
    const read = await api('GET', `/api/config/${id}`, { as: 'ADMIN' })
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject(DEFAULTS)

    const changed = {
      mailCustomerBookings: false,
      mailCustomerChanges: false,
      reminderHours: 48,
      secondReminderHours: 2,
      mailSalonNewBookings: false,
      mailSalonCancellations: false,
      autoCompleteHours: 12,
    }
    const res = await api('PATCH', `/api/config/${id}`, { as: 'ADMIN', body: changed })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const [row] = await sql(`select ${Object.values(FIELDS).join(', ')} from config where id = $1`, [id])
    expect(row).toEqual({
      mail_customer_bookings: false,
      mail_customer_changes: false,
      reminder_hours: '48',
      second_reminder_hours: '2',
      mail_salon_new_bookings: false,
      mail_salon_cancellations: false,
      auto_complete_hours: '12',
    })
  })

  it.each([
    ['reminderHours', 169, 'Al massimo 168 ore'],
    ['reminderHours', -1, 'Almeno 0 ore'],
    ['reminderHours', 1.5, 'Deve essere un numero intero'],
    ['secondReminderHours', 49, 'Al massimo 48 ore'],
    ['autoCompleteHours', 169, 'Al massimo 168 ore'],
    ['autoCompleteHours', 2.5, 'Deve essere un numero intero'],
  ])('%s = %s: 400 naming the field', async (field, value, message) => {
    const before = await sql(`select ${Object.values(FIELDS).join(', ')} from config where id = $1`, [id])
    const res = await api('PATCH', `/api/config/${id}`, { as: 'ADMIN', body: { [field]: value } })
    expect(res.status, JSON.stringify(res.body)).toBe(400)
    expect(errorPaths(res.body)).toContain(field)
    expect(JSON.stringify(res.body)).toContain(message)
    expect(await sql(`select ${Object.values(FIELDS).join(', ')} from config where id = $1`, [id])).toEqual(before)
  })

  it('the second reminder must come after the first (fewer hours), read against the stored first', async () => {
    expect((await api('PATCH', `/api/config/${id}`, { as: 'ADMIN', body: { reminderHours: 24 } })).status).toBe(200)
    for (const body of [
      { secondReminderHours: 24 },
      { secondReminderHours: 30 },
      { reminderHours: 2, secondReminderHours: 3 },
    ]) {
      const res = await api('PATCH', `/api/config/${id}`, { as: 'ADMIN', body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(errorPaths(res.body)).toContain('secondReminderHours')
      expect(JSON.stringify(res.body)).toContain('Il secondo promemoria')
    }
    // Both in one write, or the second alone with the first off: fine.
    expect(
      (await api('PATCH', `/api/config/${id}`, { as: 'ADMIN', body: { reminderHours: 48, secondReminderHours: 24 } }))
        .status,
    ).toBe(200)
    expect(
      (await api('PATCH', `/api/config/${id}`, { as: 'ADMIN', body: { reminderHours: 0, secondReminderHours: 3 } }))
        .status,
    ).toBe(200)
    // Lowering the first under the stored second is refused too.
    const lower = await api('PATCH', `/api/config/${id}`, { as: 'ADMIN', body: { reminderHours: 2 } })
    expect(lower.status).toBe(400)
    expect(errorPaths(lower.body)).toContain('secondReminderHours')
  })

  it('only an admin writes them', async () => {
    for (const as of ['visitor', 'USER', 'OPERATOR'] as const) {
      const res = await api('PATCH', `/api/config/${id}`, { as, body: { reminderHours: 5 } })
      expect([401, 403], as).toContain(res.status)
    }
  })

  it('they are not in the public config, nor on the home page', async () => {
    for (const as of ['visitor', 'USER', 'OPERATOR'] as const) {
      const list = await api('GET', '/api/config', { as })
      const one = await api('GET', `/api/config/${id}`, { as })
      for (const doc of [list.body.docs[0], one.body]) {
        expect(doc.businessName, as).toBeTruthy()
        for (const key of Object.keys(FIELDS)) expect(doc, `${as} sees ${key}`).not.toHaveProperty(key)
      }
    }
    const home = await api('GET', '/api/pages/home')
    expect(home.status).toBe(200)
    for (const key of Object.keys(FIELDS)) expect(home.body.config).not.toHaveProperty(key)
  })
})
