// Issue 23 §9: day availability with rotas against the same salon without them, in the same run,
// interleaved (A B B A A B …) so that the machine's drift falls on both; and the month view for
// "any operator" at 10 clients with the rota on. `npm run bench` includes it; `node
// scripts/bench.mjs rota` runs only this.

/** Every active operator gets a 2-week pattern (alternating Saturdays), one leave and one exception in the measured days. */
const rotaOn = (days) => `
  insert into operator_schedules (operator_id, valid_from, cycle_weeks, days)
  select o.id, current_date - 30, 2, (
    select jsonb_agg(jsonb_build_object('week', w, 'day_of_week', d,
             'intervals', jsonb_build_array(jsonb_build_object('opening_time', '09:00', 'closing_time', '13:00'),
                                            jsonb_build_object('opening_time', '14:30', 'closing_time', '19:30'))))
      from generate_series(1, 2) w, unnest(array['TUESDAY','WEDNESDAY','THURSDAY','FRIDAY','SATURDAY']) d
     where not (w = 2 and d = 'SATURDAY') and not (o.position % 2 = 1 and d = 'WEDNESDAY'))
    from operators o where o.active;
  insert into operator_shift_exceptions (operator_id, date, intervals)
  select o.id, '${days[1]}'::date, '[{"opening_time":"14:30","closing_time":"19:30"}]'::jsonb from operators o where o.active;
  insert into operator_leave (operator_id, kind, start, "end")
  select o.id, 'PERMIT', '${days[2]}'::date + time '10:00', '${days[2]}'::date + time '12:00' from operators o where o.active;`

const rotaOff = `delete from operator_schedules; delete from operator_shift_exceptions; delete from operator_leave;`

export async function rotaAb({ run, app, dayPath, month, piega, sql, log, seconds = 5, rounds = 3 }) {
  const days = Array.from({ length: 3 }, (_, i) => new URL(app + dayPath(i)).searchParams.get('date'))
  const state = { on: false }
  const set = async (on) => {
    if (state.on === on) return
    await sql(on ? rotaOn(days) : rotaOff)
    state.on = on
    // Let the NOTIFY reach the process and the copy be read again before measuring.
    await new Promise((r) => setTimeout(r, 300))
    await run(`warm-up rota ${on ? 'on' : 'off'}`, { url: app, duration: 1, pathFor: dayPath }, { quiet: true })
  }
  const a = []
  const b = []
  for (let i = 0; i < rounds; i++) {
    for (const on of i % 2 ? [true, false] : [false, true]) {
      await set(on)
      const r = await run(`Day availability — ${on ? 'with rotas' : 'without rotas'} (round ${i + 1})`, {
        url: app,
        duration: seconds,
        pathFor: dayPath,
      })
      ;(on ? b : a).push(r)
    }
  }
  await set(true)
  const monthRow = await run('Month overview, any operator — app, with rotas, 10 conns', {
    url: app,
    connections: 10,
    duration: seconds * 2,
    pathFor: () => `/api/reservations/availability-month?month=${month}&services=${piega}&operator=any`,
  })
  await set(false)
  const monthOff = await run('Month overview, any operator — app, without rotas, 10 conns', {
    url: app,
    connections: 10,
    duration: seconds * 2,
    pathFor: () => `/api/reservations/availability-month?month=${month}&services=${piega}&operator=any`,
  })
  const mean = (rs) => rs.reduce((s, r) => s + r.result.requests.average, 0) / rs.length
  const p95 = (rs) => Math.max(...rs.map((r) => r.p95))
  const summary = {
    withoutRotas: Math.round(mean(a)),
    withRotas: Math.round(mean(b)),
    deltaPercent: Math.round(((mean(b) - mean(a)) / mean(a)) * 1000) / 10,
    p95Without: p95(a),
    p95With: p95(b),
    monthP95: monthRow.p95,
    monthP95Without: monthOff.p95,
  }
  log(`Rota A/B: ${JSON.stringify(summary)}`)
  return { rows: [...a, ...b, monthRow, monthOff], summary }
}

export const rotaReport = ({ summary }) =>
  `Rotas (issue 23), interleaved in this run: day availability **${summary.withRotas} req/s with rotas vs ${summary.withoutRotas} without (${summary.deltaPercent > 0 ? '+' : ''}${summary.deltaPercent} %)**, p95 ${summary.p95With} vs ${summary.p95Without} ms; month view, any operator, 10 clients: **p95 ${summary.monthP95} ms with rotas**, ${summary.monthP95Without} ms without.`
