import type { Payload, PayloadRequest } from 'payload'
import {
  CONFIG_DEFAULTS,
  DAYS_OF_WEEK,
  DEMO_PASSWORD,
  addCalendarDays,
  localDayOf,
  localInstant,
  weekdayIndex,
} from '@salon/shared'
import { env } from '../env'
import { inPayloadTransaction, pool } from '../platform'
import { recordImportedReservations } from '../reservations'
import { banner, portrait } from './images'
import {
  DEMO_BANNERS,
  DEMO_CATEGORIES,
  DEMO_CONTACTS,
  DEMO_CUSTOMERS,
  DEMO_DESK_CLIENTS,
  DEMO_INTERVALS,
  DEMO_OPENING,
  DEMO_OPERATORS,
  DEMO_SERVICES,
  DEMO_STATIONS,
  EASTER_MONDAYS,
  NATIONAL_HOLIDAYS,
  demoBannerLink,
  type DemoOperatorName,
} from './data'

/** Date-only values are stored at 12:00Z: the UTC date part is the calendar day everywhere. */
const calendarDay = (day: string) => `${day}T12:00:00.000Z`

/** Deterministic randomness, so every demo install looks the same. */
function prng(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Every install needs one config document. */
export async function ensureConfig(payload: Payload, businessName?: string) {
  const { totalDocs } = await payload.count({ collection: 'config' })
  if (totalDocs === 0) {
    await payload.create({
      collection: 'config',
      data: { ...CONFIG_DEFAULTS, businessName: businessName ?? 'Il tuo salone' },
    })
  }
}

/** Outside demo mode the first admin comes from ADMIN_EMAIL / ADMIN_PASSWORD. */
export async function ensureFirstAdmin(payload: Payload) {
  const admin = env.firstAdmin
  const { totalDocs } = await payload.count({ collection: 'users', where: { user_role: { equals: 'ADMIN' } } })
  if (totalDocs > 0) return
  if (!admin) {
    payload.logger.warn(
      'No ADMIN account exists: set ADMIN_EMAIL and ADMIN_PASSWORD and restart to create the first one.',
    )
    return
  }
  await payload.create({
    collection: 'users',
    data: { ...admin, user_role: 'ADMIN' },
  })
  payload.logger.info(`Created the first admin account ${admin.email}.`)
}

/** The demo salon: created once, all or nothing. Returns false when it was already there. */
export async function seedDemo(payload: Payload, now = new Date()): Promise<boolean> {
  const { totalDocs } = await payload.count({ collection: 'users', where: { email: { equals: 'admin@demo.salon' } } })
  if (totalDocs > 0) return false
  const t0 = Date.now()
  const counts = await inPayloadTransaction(payload, (req) => seedInto(payload, req, now))
  // Every reservation has a history: the demo ones start with an IMPORTED event.
  await recordImportedReservations(pool(payload))
  await seedFrontDesk(pool(payload), now)
  payload.logger.info(`Demo salon seeded in ${Date.now() - t0} ms: ${JSON.stringify(counts)}`)
  return true
}

async function seedInto(payload: Payload, req: PayloadRequest, now: Date) {
  const tz = CONFIG_DEFAULTS.timezone
  const create = <T extends Parameters<Payload['create']>[0]>(args: T) =>
    payload.create({ ...args, req, depth: 0, overrideAccess: true } as T)

  await create({
    collection: 'config',
    // The demo sends its reminders and confirmations by SMS too (to $DATA_DIR/sms without a provider),
    // and lets customers book repeating appointments (issue 27).
    data: {
      ...CONFIG_DEFAULTS,
      ...DEMO_CONTACTS,
      smsReminders: true,
      smsConfirmations: true,
      seriesForCustomers: true,
    },
  })

  const image = async (
    name: string,
    data: Buffer,
    mimetype: string,
    label: 'HOME_CAROUSEL' | 'IMAGES',
    alt: string,
    position = 0,
  ) =>
    create({
      collection: 'upload',
      data: { name, label, alt, position },
      file: { data, mimetype, name: `${name}.${mimetype === 'image/png' ? 'png' : 'jpg'}`, size: data.length },
    })

  // Accounts
  const admin = await create({
    collection: 'users',
    data: {
      email_verified_at: now.toISOString(),
      email: 'admin@demo.salon',
      password: DEMO_PASSWORD,
      name: 'Anna',
      surname: 'Amministratrice',
      user_role: 'ADMIN',
    },
  })
  const operatorUser = await create({
    collection: 'users',
    data: {
      email_verified_at: now.toISOString(),
      email: 'operatore@demo.salon',
      password: DEMO_PASSWORD,
      name: 'Giulia',
      surname: 'Rossi',
      user_role: 'OPERATOR',
    },
  })
  const customers = []
  for (const c of DEMO_CUSTOMERS) {
    customers.push(
      await create({
        collection: 'users',
        data: {
          email_verified_at: now.toISOString(),
          email: c.email,
          password: DEMO_PASSWORD,
          name: c.name,
          surname: c.surname,
          phone_number: c.phone,
          user_role: 'USER',
        },
      }),
    )
  }

  // Catalogue
  const categoryIds = new Map<string, number>()
  for (const [position, name] of DEMO_CATEGORIES.entries()) {
    const doc = await create({ collection: 'category', data: { name, position } })
    categoryIds.set(name, doc.id as number)
  }
  const operatorIds = new Map<DemoOperatorName, number>()
  for (const [position, op] of DEMO_OPERATORS.entries()) {
    const picture = await image(
      `operatore-${op.name.toLowerCase()}`,
      await portrait(op.name[0]! + op.surname[0]!, op.hue),
      'image/png',
      'IMAGES',
      `${op.name} ${op.surname}`,
    )
    const doc = await create({
      collection: 'operators',
      data: {
        name: op.name,
        surname: op.surname,
        description: op.description,
        image: picture.id,
        position,
        active: true,
        user: op.name === 'Giulia' ? operatorUser.id : undefined,
      },
    })
    operatorIds.set(op.name, doc.id as number)
  }
  const services = []
  for (const s of DEMO_SERVICES) {
    const doc = await create({
      collection: 'services',
      data: {
        title: s.title,
        time: s.time,
        price: s.price,
        description: s.description,
        category: categoryIds.get(s.category),
        operators: s.operators.map((o) => operatorIds.get(o)!),
        active: true,
      },
    })
    services.push({ id: doc.id as number, ...s })
  }
  // The salon's stations (issue 25). The demo services keep one busy phase each — the owner sets
  // phases (a colour's tempo di posa) and stations in the dashboard; the benchmarks measure the
  // demo as a salon that does not use them.
  for (const station of DEMO_STATIONS) await create({ collection: 'stations', data: station })

  // Opening hours, holidays, closures
  for (const d of DEMO_OPENING) {
    const bh = await create({ collection: 'business_hours', data: { day_of_week: d.day, is_closed: d.closed } })
    if (!d.closed) {
      for (const i of DEMO_INTERVALS)
        await create({ collection: 'operating_intervals', data: { ...i, business_hours: bh.id } })
    }
  }
  const today = localDayOf(now, tz)
  const year = Number(today.slice(0, 4))
  const holidayDays = new Set<string>()
  for (const h of NATIONAL_HOLIDAYS) {
    await create({
      collection: 'holidays',
      data: { name: h.name, date: calendarDay(`${year}-${h.md}`), recurring_yearly: true, is_active: true },
    })
    for (const y of [year - 1, year, year + 1]) holidayDays.add(`${y}-${h.md}`)
  }
  for (const day of EASTER_MONDAYS) {
    await create({
      collection: 'holidays',
      data: { name: 'Lunedì dell’Angelo', date: calendarDay(day), recurring_yearly: false, is_active: true },
    })
    holidayDays.add(day)
  }
  const summerStart = `${year + (today > `${year}-08-22` ? 1 : 0)}-08-09`
  const summerEnd = addCalendarDays(summerStart, 13)
  await create({
    collection: 'business-closures',
    data: {
      name: 'Chiusura estiva',
      description: 'Il salone resta chiuso per le ferie estive. Ci vediamo a settembre!',
      closure_type: 'FULL_DAY',
      start_date: calendarDay(summerStart),
      end_date: calendarDay(summerEnd),
      is_active: true,
      created_by: admin.id,
      updated_by: admin.id,
    },
  })

  // Carousel and banners
  const slides = [
    ['Benvenuti da Salone Demo', 'Prenota online in pochi secondi', 150],
    ['Colore e balayage', 'Sfumature naturali, prodotti delicati', 20],
    ['Mani e piedi curati', 'Manicure e pedicure su appuntamento', 300],
  ] as const
  for (const [i, [title, subtitle, hue]] of slides.entries()) {
    await image(`carosello-${i + 1}`, await banner(title, subtitle, hue), 'image/jpeg', 'HOME_CAROUSEL', title, i)
  }
  // Each banner leads where its words promise (data.ts DEMO_BANNERS; checked by data.test.ts).
  const serviceIds = new Map(services.map((s) => [s.title, s.id]))
  for (const [i, { title, subtitle, hue, target }] of DEMO_BANNERS.entries()) {
    const link = demoBannerLink(target, serviceIds)
    const img = await image(
      `banner-${i + 1}`,
      await banner(title, subtitle, hue, 1200, 400),
      'image/jpeg',
      'IMAGES',
      title,
    )
    await create({ collection: 'banner', data: { title, link, alt: subtitle, show: true, position: i, image: img.id } })
  }

  // Reservations: past two months and the next month, never overlapping for one operator.
  const random = prng(20261121)
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!
  const summerDays = new Set(Array.from({ length: 14 }, (_, i) => addCalendarDays(summerStart, i)))
  let reservations = 0
  let demoUpcoming = 0
  for (let offset = -60; offset <= 30; offset++) {
    const day = addCalendarDays(today, offset)
    const weekday = DAYS_OF_WEEK[weekdayIndex(day)]
    if (DEMO_OPENING.find((d) => d.day === weekday)?.closed) continue
    if (holidayDays.has(day) || summerDays.has(day)) continue
    for (const [opName, opId] of operatorIds) {
      const eligible = services.filter((s) => s.operators.length === 0 || s.operators.includes(opName))
      for (const interval of DEMO_INTERVALS) {
        let cursor = localInstant(day, interval.opening_time, tz).getTime()
        const close = localInstant(day, interval.closing_time, tz).getTime()
        for (;;) {
          cursor += pick([0, 15, 30, 45, 60, 90]) * 60_000
          const chosen = [pick(eligible)]
          if (random() < 0.2) {
            const extra = pick(eligible)
            if (extra.id !== chosen[0]!.id) chosen.push(extra)
          }
          const duration = chosen.reduce((sum, s) => sum + s.time, 0)
          const end = cursor + duration * 60_000
          if (end > close) break
          const start = new Date(cursor)
          const past = end <= now.getTime()
          if (!past && start.getTime() < now.getTime()) {
            cursor = end
            continue
          }
          const r = random()
          const status = past
            ? r < 0.8
              ? 'COMPLETED'
              : r < 0.9
                ? 'CANCELLED'
                : 'NO_SHOW'
            : r < 0.6
              ? 'CONFIRMED'
              : r < 0.9
                ? 'PENDING'
                : 'CANCELLED'
          let customer = random() < 0.2 ? customers[0]! : pick(customers)
          // The demo login keeps room under the open-booking cap (config.maxOpenBookings, 3): one
          // upcoming booking of its own, the others go to the next customer (same random draws).
          if (customer === customers[0] && !past && status !== 'CANCELLED' && demoUpcoming++ >= 1)
            customer = customers[1]!
          await create({
            collection: 'reservations',
            data: {
              user: customer.id,
              operator: opId,
              services: chosen.map((s) => s.id),
              date_start: start.toISOString(),
              date_end: new Date(end).toISOString(),
              duration,
              total_price: chosen.reduce((sum, s) => sum + s.price, 0),
              status,
              note: random() < 0.1 ? 'Prima volta in salone' : undefined,
            },
          })
          reservations++
          cursor = end
        }
      }
    }
  }
  return { users: 2 + customers.length, operators: operatorIds.size, services: services.length, reservations }
}

/**
 * The front desk's demo (issue 24): the cards of people without an account, every fifth booking of
 * the customers other than the demo login made theirs, a staff note, and the payments of the
 * visits completed in the last 30 days (card or cash, the agreed price, now and then a tip) — so
 * the client cards, the takings and the paid revenue have something to show. Plain SQL after the
 * seed's transaction, like the IMPORTED events; the KPIs' revenue is unchanged (paid = agreed price).
 */
async function seedFrontDesk(db: ReturnType<typeof pool>, now: Date) {
  // The demo customers agreed to SMS reminders (issue 26); the desk's cards were never asked.
  await db.query(
    `update clients set sms_consent = true, sms_consent_at = $1
                   where user_id in (select id from users where user_role = 'USER')`,
    [now],
  )
  const ids: number[] = []
  for (const c of DEMO_DESK_CLIENTS) {
    const { rows } = await db.query(
      `insert into clients (name, surname, phone_number, email, tags, allergies, technical_notes)
       values ($1, $2, $3, $4, $5::jsonb, $6, $7) returning id`,
      [c.name, c.surname, c.phone, c.email, JSON.stringify(c.tags), c.allergies, c.technical_notes],
    )
    ids.push(rows[0].id)
    if (c.note)
      await db.query(
        `insert into client_notes (client_id, author_id, body)
         values ($1, (select id from users where email = 'admin@demo.salon'), $2)`,
        [rows[0].id, c.note],
      )
  }
  await db.query(
    `with picked as (
       select r.id, row_number() over (order by r.id) as n
         from reservations r join users u on u.id = r.user_id
        where u.email <> 'cliente@demo.salon' and r.id % 5 = 4)
     update reservations r set user_id = null, client_id = ($1::int[])[1 + (p.n % array_length($1::int[], 1))::int]
       from picked p where p.id = r.id`,
    [ids],
  )
  await db.query(
    `with done as (
       select id, total_price, date_end from reservations
        where status = 'COMPLETED' and date_end > $1::timestamptz - interval '30 days' and date_end <= $1::timestamptz)
     insert into reservation_checkouts (reservation_id, subtotal, total, tip, at, by_id)
     select id, total_price, total_price, case when id % 4 = 0 then 2 else 0 end, date_end,
            (select id from users where email = 'admin@demo.salon')
       from done`,
    [now],
  )
  await db.query(
    `insert into reservation_payments (reservation_id, method, amount)
     select k.reservation_id, case when k.reservation_id % 3 = 0 then 'CASH' else 'CARD' end, k.total + k.tip
       from reservation_checkouts k where k.total + k.tip > 0`,
  )
}
