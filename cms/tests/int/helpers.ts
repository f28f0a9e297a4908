import { createRequire } from 'node:module'
import pg from 'pg'
import { afterAll } from 'vitest'

const require = createRequire(import.meta.url)

/** Set by scripts/test.mjs, which started the built server and its PostgreSQL. */
export const BASE_URL = process.env.SALON_BASE_URL ?? 'http://localhost:3000'
/** A second app process on the same PostgreSQL (scripts/test.mjs starts it for the integration suite). */
export const BASE_URL_B = process.env.SALON_BASE_URL_B ?? ''
export const DATABASE_URL = process.env.SALON_DATABASE_URL ?? process.env.DATABASE_URL ?? ''

export type Role = 'visitor' | 'USER' | 'OPERATOR' | 'ADMIN'
export const DEMO_EMAIL: Record<Exclude<Role, 'visitor'>, string> = {
  USER: 'cliente@demo.salon',
  OPERATOR: 'operatore@demo.salon',
  ADMIN: 'admin@demo.salon',
}

const tokens = new Map<string, string>()

export async function login(email: string, password = 'demo1234'): Promise<string> {
  const res = await fetch(`${BASE_URL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (res.status !== 200) throw new Error(`login ${email} → ${res.status} ${await res.text()}`)
  return ((await res.json()) as { token: string }).token
}

export async function tokenFor(role: Role): Promise<string | null> {
  if (role === 'visitor') return null
  const email = DEMO_EMAIL[role]
  if (!tokens.has(email)) tokens.set(email, await login(email))
  return tokens.get(email)!
}

export interface ApiResult<T = any> {
  status: number
  body: T
  headers: Headers
}

/** One HTTP call as `role` (or with an explicit token); JSON bodies in and out. */
export async function api<T = any>(
  method: string,
  path: string,
  opts: {
    as?: Role
    token?: string | null
    body?: unknown
    rawBody?: BodyInit
    headers?: Record<string, string>
    /** Another app process to ask (default: the first one). */
    base?: string
  } = {},
): Promise<ApiResult<T>> {
  const token = opts.token !== undefined ? opts.token : await tokenFor(opts.as ?? 'visitor')
  const headers: Record<string, string> = { ...(opts.headers ?? {}) }
  if (token) headers.authorization = `JWT ${token}`
  // Registrations are limited per address (5 an hour; the test server trusts X-Forwarded-For):
  // each one comes from its own address unless the test says otherwise.
  if (method === 'POST' && path === '/api/users' && !('x-forwarded-for' in headers))
    headers['x-forwarded-for'] = freshAddress()
  let body: BodyInit | undefined = opts.rawBody
  if (opts.body !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(withConsent(method, path, token, opts.body))
  }
  const res = await fetch(`${opts.base ?? BASE_URL}${path}`, { method, headers, body })
  const text = await res.text()
  let parsed: unknown = text
  try {
    parsed = text ? JSON.parse(text) : null
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed as T, headers: res.headers }
}

/**
 * A visitor's registration must consent to the privacy policy (`privacy_accepted: true`), as the
 * form does: suites that register people for other reasons get it added; a body that says anything
 * about `privacy_accepted` (privacy-consent.test.ts) is sent as written.
 */
function withConsent(method: string, path: string, token: string | null, body: unknown): unknown {
  const registration = method === 'POST' && path === '/api/users' && !token
  if (!registration || !body || typeof body !== 'object' || Array.isArray(body) || 'privacy_accepted' in body)
    return body
  return { ...body, privacy_accepted: true }
}

let addressSeq = 0
/**
 * An address of its own, unique per test process and call (the whole pid in it: the rate limits
 * outlive a test file, and every file runs in its own worker).
 */
export const freshAddress = () => {
  const pid = process.pid
  return `2001:db8::${(pid >>> 16).toString(16)}:${(pid & 0xffff).toString(16)}:${(++addressSeq).toString(16)}`
}

let pool: pg.Pool | null = null

/**
 * Suites that book as the demo customer (`as: 'USER'`) first cancel its open future bookings (the
 * seed's, other suites'): they count against the open-booking cap (`config.maxOpenBookings`, 3).
 */
export async function makeRoomForDemoCustomer() {
  await sql(
    `update reservations set status = 'CANCELLED'
      where user_id = (select id from users where email = 'cliente@demo.salon')
        and status in ('PENDING', 'APPROVED', 'CONFIRMED', 'PENDING_PAYMENT', 'MODIFIED') and date_end > now()`,
  )
}
/** Direct SQL, to check what really is (or is not) in the database. */
export async function sql<R extends pg.QueryResultRow = any>(text: string, params: unknown[] = []): Promise<R[]> {
  if (!DATABASE_URL) throw new Error('SALON_DATABASE_URL is not set')
  pool ??= new pg.Pool({ connectionString: DATABASE_URL, max: 3 })
  return (await pool.query<R>(text, params)).rows
}
afterAll(async () => {
  await pool?.end()
  pool = null
})

export async function count(table: string): Promise<number> {
  const [row] = await sql<{ n: number }>(`select count(*)::int as n from "${table}"`)
  return row!.n
}

/** Field paths named by an error body `{ errors: [{ data: { errors: [{ path }] } }] }`. */
export function errorPaths(body: any): string[] {
  return (body?.errors ?? []).flatMap((e: any) => (e?.data?.errors ?? []).map((x: any) => x.path))
}

let seq = 0
export const unique = (prefix: string) => `${prefix}-${process.pid}-${Date.now()}-${++seq}`

/** A valid 8×8 PNG for upload tests. */
export const PNG_8x8 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVR4nGPQn+eCFTEMLQkApg5EQegZdooAAAAASUVORK5CYII=',
  'base64',
)

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
const pngChunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'ascii')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

/**
 * A valid PNG of `width`×`height` black pixels (1-bit grey): a few KB that decode to
 * width×height pixels — the decompression bomb of issue 22 §2 (10000×10000 ≈ 12 KB).
 */
export function pngBomb(width = 10_000, height = 10_000): Buffer {
  const { deflateSync } = require('node:zlib') as typeof import('node:zlib')
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.writeUInt8(1, 8) // bit depth
  ihdr.writeUInt8(0, 9) // greyscale
  const row = 1 + Math.ceil(width / 8) // filter byte + packed pixels
  const raw = Buffer.alloc(row * height)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/** Multipart body the Payload way: the fields as JSON in `_payload`, the file in `file`. */
export function uploadForm(fields: Record<string, unknown>, file?: { name: string; data: Buffer; type: string }) {
  const form = new FormData()
  form.append('_payload', JSON.stringify(fields))
  if (file) form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name)
  return form
}

/** Mails the real SMTP server of the test run received (one .eml per message). */
export const MAIL_DIR = process.env.SALON_MAIL_DIR ?? ''

export interface ReceivedMail {
  file: string
  raw: string
  subject: string
  /** Decoded text and HTML bodies, concatenated. */
  body: string
}

function decodeQuotedPrintable(s: string) {
  return s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)))
}

function decodeSubject(s: string) {
  // Adjacent encoded words are one text: the folding space between them is not part of it.
  return s
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?(Q|B)\?([^?]*)\?=/gi, (_, enc, text) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(decodeQuotedPrintable(text.replace(/_/g, ' ')), 'latin1').toString('utf8'),
    )
}

function readMail(file: string): ReceivedMail {
  const { readFileSync } = require('node:fs') as typeof import('node:fs')
  const raw = readFileSync(file, 'utf8')
  const subject = decodeSubject((/^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '').replace(/\r?\n[ \t]/g, ' '))
  const body = Buffer.from(decodeQuotedPrintable(raw), 'latin1').toString('utf8')
  return { file, raw, subject, body }
}

/** Waits for a mail to `to` (newer than `since`) whose subject matches. */
export async function waitForMail(to: string, subject: RegExp, since = 0, timeoutMs = 10_000): Promise<ReceivedMail> {
  const fs = await import('node:fs')
  const path = await import('node:path')
  const deadline = Date.now() + timeoutMs
  const safe = to.replace(/[^a-z0-9@._-]/gi, '_')
  for (;;) {
    const files = fs.existsSync(MAIL_DIR)
      ? fs.readdirSync(MAIL_DIR).filter((f) => f.endsWith(`-${safe}.eml`) && Number(f.split('-')[0]) >= since)
      : []
    for (const f of files.sort()) {
      const mail = readMail(path.join(MAIL_DIR, f))
      if (subject.test(mail.subject)) return mail
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

export async function mailsTo(to: string, since = 0): Promise<string[]> {
  const fs = await import('node:fs')
  const safe = to.replace(/[^a-z0-9@._-]/gi, '_')
  return fs.existsSync(MAIL_DIR)
    ? fs.readdirSync(MAIL_DIR).filter((f) => f.endsWith(`-${safe}.eml`) && Number(f.split('-')[0]) >= since)
    : []
}

/**
 * Texts the SMS provider's stand-in accepted (scripts/lib/smsProvider.mjs; one `<ms>-…-<number>.txt`
 * each, in the demo outbox's format: `To: <number>`, a blank line, the text).
 */
export const SMS_DIR = process.env.SALON_SMS_DIR ?? ''

export interface ReceivedSms {
  file: string
  to: string
  text: string
}

/** The texts to `to` (E.164) received since `since` (ms), oldest first. */
export async function smsTo(to: string, since = 0): Promise<ReceivedSms[]> {
  const fs = await import('node:fs')
  const path = await import('node:path')
  if (!fs.existsSync(SMS_DIR)) return []
  return fs
    .readdirSync(SMS_DIR)
    .filter((f) => f.endsWith(`-${to}.txt`) && Number(f.split('-')[0]) >= since)
    .sort((a, b) => Number(a.split('-')[0]) - Number(b.split('-')[0]) || a.localeCompare(b))
    .map((f) => {
      const raw = fs.readFileSync(path.join(SMS_DIR, f), 'utf8')
      return { file: f, to, text: raw.split('\n\n').slice(1).join('\n\n').replace(/\n$/, '') }
    })
}

/** Waits for a text to `to` (E.164) received since `since` whose text matches. */
export async function waitForSms(to: string, text: RegExp, since = 0, timeoutMs = 10_000): Promise<ReceivedSms> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = (await smsTo(to, since)).find((m) => text.test(m.text))
    if (found) return found
    if (Date.now() > deadline) throw new Error(`no SMS to ${to} matching ${text}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** `n` fresh customers with their tokens, registered from distinct addresses (a per-address limit may apply). */
export async function registerCustomers(n: number, prefix = 'customer'): Promise<string[]> {
  const tokens: string[] = []
  for (let i = 0; i < n; i++) {
    const email = `${unique(prefix)}@example.com`
    const res = await api('POST', '/api/users', {
      headers: { 'x-forwarded-for': freshAddress() },
      body: { email, password: 'password123', name: 'Cliente', surname: `Test${i}`, phone_number: '+39 333 000 3333' },
    })
    if (res.status !== 201) throw new Error(`registration ${i}: ${res.status} ${JSON.stringify(res.body)}`)
    tokens.push(await login(email, 'password123'))
  }
  return tokens
}

export interface Slot {
  start: string
  end: string
  operators: number[]
}

/** The free starts of a local day for these services and operator (public availability). */
export async function daySlots(day: string, services: number[], operator: number | 'any'): Promise<Slot[]> {
  const res = await api(
    'GET',
    `/api/reservations/time-availability-day?date=${day}&services=${services.join(',')}&operator=${operator}`,
  )
  if (res.status !== 200) throw new Error(`availability ${day}: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.slots
}

/** A future open day, `offset` days on or after, with plenty of free starts for `service`. Each file keeps its own range (booking 33–41, my-bookings 43–49, calendar-file 45–46, calendar-version 53, reservation-writes 56–58, fast-confirm 59, operator-feed 54–55, one-pool 51) so that one file’s bookings never take another’s times. */
/**
 * An open day `offset` days ahead (or the next open one) with plenty of free times. Near the
 * booking horizon there may be none ahead (today + 59 falls on a closed Sunday and Monday, the last
 * bookable days): then the nearest one before `offset`. `avoid` (days a file has already handed
 * out) keeps two tests off one day when their offsets fall on closed days and land on the same
 * next open one — which ones do depends on today's date.
 */
export async function freeDay(
  service: number,
  offset: number,
  avoid?: Set<string>,
  /** Also these local times (Europe/Rome) free for this operator: files run at once on one database. */
  need?: { operator: number; times: string[] },
): Promise<string> {
  const candidates = [
    ...Array.from({ length: 14 }, (_, i) => offset + i),
    ...Array.from({ length: 14 }, (_, i) => offset - 1 - i).filter((d) => d > 0),
  ]
  for (const d of candidates) {
    const day = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10)
    if (avoid?.has(day)) continue
    if ((await daySlots(day, [service], 'any').catch(() => [])).length <= 20) continue
    const free = need && (await daySlots(day, [service], need.operator)).map((s) => hhmmInRome(s.start))
    if (!need || need.times.every((t) => free!.includes(t))) {
      avoid?.add(day)
      return day
    }
  }
  throw new Error('no free day found')
}

const hhmmInRome = (iso: string) =>
  new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  )

/** The free start at local time `hhmm` (Europe/Rome) of that day. */
export async function slotAt(day: string, services: number[], operator: number | 'any', hhmm: string): Promise<Slot> {
  const slot = (await daySlots(day, services, operator)).find((s) => hhmmInRome(s.start) === hhmm)
  if (!slot) throw new Error(`no ${hhmm} slot on ${day}`)
  return slot
}

/** Settings of the stack's app processes (scripts/test.mjs), for tests that start their own. */
const APP_ENV = process.env.SALON_APP_ENV ?? ''
const APP_LOG_DIR = process.env.SALON_APP_LOG_DIR ?? ''

export interface AppProcess {
  child: import('node:child_process').ChildProcess
  port: number
  base: string
  /** The server's stdout and stderr. */
  log: string
  /** SIGTERM, SIGKILL after 8 s; resolves once it has exited. */
  stop: () => Promise<void>
}

export async function freePortNumber(): Promise<number> {
  const net = await import('node:net')
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolve(port))
    })
  })
}

/**
 * One more built app process on the stack's PostgreSQL, started as scripts/test.mjs starts its
 * own (same settings, `extraEnv` on top); resolves when it says "ready" (Payload initialised).
 */
export async function startApp(name: string, opts: { port?: number; env?: Record<string, string> } = {}) {
  if (!APP_ENV || !APP_LOG_DIR) throw new Error('SALON_APP_ENV is not set: run through scripts/test.mjs')
  const { fork } = await import('node:child_process')
  const fs = await import('node:fs')
  const path = await import('node:path')
  const port = opts.port ?? (await freePortNumber())
  fs.mkdirSync(APP_LOG_DIR, { recursive: true })
  const log = path.join(APP_LOG_DIR, `${name}-${port}-${Date.now()}.log`)
  const cms = path.resolve(import.meta.dirname, '..', '..')
  const child = fork(path.join(cms, 'server.ts'), [], {
    cwd: cms,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', fs.openSync(log, 'w'), fs.openSync(log, 'a'), 'ipc'],
    env: { ...JSON.parse(APP_ENV), ...opts.env, PORT: String(port), SERVER_URL: `http://localhost:${port}` },
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  await new Promise<void>((resolve, reject) => {
    child.on('message', (m: { type?: string }) => m?.type === 'ready' && resolve())
    child.once('exit', (code, signal) => reject(new Error(`app ${name} exited (${code ?? signal}); see ${log}`)))
  })
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 8000)
    await exited
    clearTimeout(timer)
  }
  return { child, port, base: `http://localhost:${port}`, log, stop } satisfies AppProcess
}

/**
 * One statement on a connection of its own to `url`: for tests that stop or kill PostgreSQL, whose
 * pooled connections break with it.
 */
export async function queryOnce<R extends pg.QueryResultRow = any>(
  url: string,
  text: string,
  params: unknown[] = [],
): Promise<R[]> {
  const client = new pg.Client({ connectionString: url })
  client.on('error', () => {})
  await client.connect()
  try {
    return (await client.query<R>(text, params)).rows
  } finally {
    await client.end()
  }
}
