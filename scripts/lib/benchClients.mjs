// Issue 24 §7: the desk's client search with 50,000 cards — GET /api/clients?search= p95 ≤ 30 ms.
// The cards are made in SQL (Italian first names and surnames, some accented, mobile numbers);
// the queries rotate over what the desk types: a surname, a name and a misspelt surname, an
// accent-less accented name, the start and the end of a phone number. `npm run bench` includes it;
// `node scripts/bench.mjs clients` runs only this.

export const CLIENT_CARDS = 50_000

const NAMES = [
  'Rosa',
  'Giulia',
  'Niccolò',
  'Chiara',
  'Luca',
  'Francesca',
  'Andrea',
  'Sofia',
  'Matteo',
  'Giorgia',
  'Lorenzo',
  'Aurora',
  'Gabriele',
  'Martina',
  'Noemi',
  'Zoë',
  'Elena',
  'Marco',
  'Alessia',
  'Tommaso',
]
const SURNAMES = [
  'Bianchi',
  'Rossi',
  'Ferrà',
  'Esposito',
  'Romano',
  'Colombo',
  'Ricci',
  'Marino',
  'Greco',
  'Bruno',
  'Gallo',
  'Conti',
  'De Luca',
  'Mancini',
  'Costa',
  'Giordano',
  'Rizzo',
  'Lombardi',
  'Moretti',
  'Barbieri',
  'Fontana',
  'Santoro',
  'Mariani',
  'Rinaldi',
  'Caruso',
  'Ferrari',
  'Galli',
  'Martini',
  'Leone',
  'Longo',
  'Gentile',
  'Martinelli',
  'Vitale',
  'Lombardo',
  'Serra',
  'Coppola',
  'De Santis',
  'D’Angelo',
  'Marchetti',
  'Parisi',
  'Villa',
  'Conte',
  'Ferraro',
  'Ferri',
  'Fabbri',
  'Bianco',
  'Marini',
  'Grasso',
  'Valentini',
  'Messina',
]

const fill = (n) => `
  insert into clients (name, surname, phone_number, email, tags)
  select (array[${NAMES.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}])[1 + g % ${NAMES.length}],
         (array[${SURNAMES.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}])[1 + (g / ${NAMES.length}) % ${SURNAMES.length}] || case when g % 7 = 0 then '' else ' ' || (g % 997) end,
         '3' || lpad((g * 7919 % 1000000000)::text, 9, '0'),
         case when g % 3 = 0 then 'cliente' || g || '@example.com' end,
         case when g % 11 = 0 then '["VIP"]'::jsonb else '[]'::jsonb end
    from generate_series(1, ${n}) g;
  analyze clients;`

const QUERIES = [
  'bianchi',
  'rosa bianki',
  'niccolo ferra',
  'giorgia de luca',
  '3331',
  '0997',
  'cliente12345@',
  'zoe martinelli',
  'marco rosi',
  'd’angelo',
]

export async function clientSearchBench({ run, app, sql, log, seconds = 10 }) {
  const before = Date.now()
  await sql(fill(CLIENT_CARDS))
  log(`${CLIENT_CARDS} client cards in ${Date.now() - before} ms`)
  const login = await fetch(`${app}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.salon', password: 'demo1234' }),
  })
  const token = (await login.json()).token
  if (!token) throw new Error(`admin login for the client search: ${login.status}`)
  const opts = (connections) => ({
    url: app,
    connections,
    duration: seconds,
    headers: { authorization: `JWT ${token}` },
    pathFor: (i) => `/api/clients?search=${encodeURIComponent(QUERIES[i % QUERIES.length])}&limit=20`,
  })
  await run('warm-up client search', { ...opts(1), duration: 2 }, { quiet: true })
  const one = await run(`Client search, ${CLIENT_CARDS} cards — app, 1 conn`, opts(1))
  const four = await run(`Client search, ${CLIENT_CARDS} cards — app, 4 conns`, opts(4))
  const summary = {
    cards: CLIENT_CARDS,
    p95One: one.p95,
    p95Four: four.p95,
    rpsOne: Math.round(one.result.requests.average),
  }
  log(`Client search: ${JSON.stringify(summary)}`)
  return { rows: [one, four], summary }
}

export const clientSearchReport = ({ summary }) =>
  `Client search (issue 24) with ${summary.cards} cards, ten rotating desk queries (names, misspellings, accent-less, phone parts): **p95 ${summary.p95One} ms** at one connection (${summary.rpsOne} req/s), ${summary.p95Four} ms at four (target ≤ 30 ms).`
