/**
 * The raw floor for `npm run bench`: plain node:http + pg doing what the day-availability endpoint
 * does — the same indexed reservation query and the same engine call, the calendar and the services
 * kept in memory as the app keeps them — with none of Next.js or Payload in between. The app's throughput is reported as a share of this server's.
 */
import http from 'node:http'
import pg from 'pg'
import { daySlots, type ServiceInfo } from '@salon/shared'
import { loadBlocking, loadEveryService, localDays, salonCalendar, servicesPicked } from '../src/calendar'

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })
const port = Number(process.env.PORT || 0)

// Loaded once: the app keeps the same calendar and services (calendar/salonCalendar.ts, dropped on NOTIFY).
const cal = await salonCalendar(pool, { consistency: 'committed' })
const everyService = await loadEveryService(pool)
async function answer(req: http.IncomingMessage, res: http.ServerResponse) {
  try {
    const url = new URL(req.url!, 'http://x')
    const day = url.searchParams.get('date')!
    const ids = url.searchParams.get('services')!.split(',').map(Number)
    const op = url.searchParams.get('operator') ?? 'any'
    const operator = op === 'any' ? 'any' : Number(op)
    const { services } = servicesPicked(everyService, ids)
    const tz = cal.settings.timezone
    const eligible = operator === 'any' ? cal.operators.map((o) => o.id) : [operator]
    const { from, to } = localDays(tz, day)
    const reservations = await loadBlocking(pool, eligible, from, to)
    const slots = daySlots({
      day,
      services: services as ServiceInfo[],
      operator,
      calendar: cal,
      reservations,
      now: new Date(),
    })
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ date: day, slots }))
  } catch (err) {
    res.writeHead(500)
    res.end(String(err))
  }
}
const server = http.createServer((req, res) => {
  answer(req, res).catch((err: unknown) => console.error(err))
})
server.listen(port, '127.0.0.1', () =>
  process.send?.({ type: 'ready', port: (server.address() as { port: number }).port }),
)
process.on('disconnect', () => process.exit(0))
// Stopped by the bench: exit through process.exit, so that a `--cpu-prof` profile is written.
process.on('SIGTERM', () => process.exit(0))
