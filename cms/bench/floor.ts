/**
 * The raw floor for `npm run bench`: plain node:http + pg doing what the day-availability endpoint
 * does — the same indexed reservation query and the same engine call — with none of Next.js or
 * Payload in between. The app's throughput is reported as a share of this server's.
 */
import http from 'node:http'
import pg from 'pg'
import { addCalendarDays, daySlots, startOfLocalDay, type SalonCalendar, type ServiceInfo } from '@salon/shared'
import { loadBlocking, loadServices, readSettings } from '../src/services/calendar'

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })
const port = Number(process.env.PORT || 0)

async function calendar(): Promise<SalonCalendar> {
  const settings = await readSettings(pool)
  const hours = await pool.query(`select bh.day_of_week, bh.is_closed, oi.opening_time, oi.closing_time
    from business_hours bh left join operating_intervals oi on oi.business_hours_id = bh.id order by bh.id, oi.opening_time`)
  const opening = new Map<string, SalonCalendar['opening'][number]>()
  for (const r of hours.rows) {
    const d: SalonCalendar["opening"][number] = opening.get(r.day_of_week) ?? { day_of_week: r.day_of_week, is_closed: r.is_closed, intervals: [] }
    if (r.opening_time) d.intervals.push({ opening_time: r.opening_time, closing_time: r.closing_time })
    opening.set(r.day_of_week, d)
  }
  const closures = (await pool.query('select closure_type, start_date, end_date, recurring_rule, is_active from business_closures where is_active')).rows
  const holidays = (await pool.query('select date, recurring_yearly, is_active from holidays where is_active')).rows
  const operators = (await pool.query('select id, active, position from operators where active order by position, id')).rows
  return {
    settings,
    opening: [...opening.values()],
    closures: closures.map((c) => ({ ...c, start_date: c.start_date.toISOString(), end_date: c.end_date.toISOString() })),
    holidays: holidays.map((h) => ({ ...h, date: h.date.toISOString() })),
    operators: operators.map((o) => ({ id: o.id, active: o.active, position: Number(o.position) })),
  }
}

const cal = await calendar()
const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url!, 'http://x')
    const day = url.searchParams.get('date')!
    const ids = url.searchParams.get('services')!.split(',').map(Number)
    const op = url.searchParams.get('operator') ?? 'any'
    const operator = op === 'any' ? 'any' : Number(op)
    const { services } = await loadServices(pool, ids)
    const tz = cal.settings.timezone
    const eligible = operator === 'any' ? cal.operators.map((o) => o.id) : [operator]
    const reservations = await loadBlocking(pool, eligible, startOfLocalDay(day, tz), startOfLocalDay(addCalendarDays(day, 1), tz))
    const slots = daySlots({ day, services: services as ServiceInfo[], operator, calendar: cal, reservations, now: new Date() })
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ date: day, slots }))
  } catch (err) {
    res.writeHead(500)
    res.end(String(err))
  }
})
server.listen(port, '127.0.0.1', () => process.send?.({ type: 'ready', port: (server.address() as { port: number }).port }))
process.on('disconnect', () => process.exit(0))
