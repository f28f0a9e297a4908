// Issue 25 §7: day availability of the demo salon as it is (no phases: every service one busy
// block, no station) against the same salon with phases and stations on every service and on the
// bookings of the measured days, in the same run, interleaved (A B B A A B …) so that the machine's
// drift falls on both. Budget: with phases ≥ 80 % of without. `npm run bench` includes it; `node
// scripts/bench.mjs phases` runs only this.

/**
 * Every service becomes application (40 %, busy, a colour chair) · tempo di posa (the rest but
 * 30 %, operator free, the same chair) · finish (30 %, busy, a basin), with 5 minutes of clean-up;
 * the bookings of the measured days get the same plan. The stations are roomy (20 each) so that
 * the demo's bookings all keep fitting: the engine counts them all the same.
 */
const phasesOn = (days) => `
  insert into stations (name, count) values ('Bench poltrona', 20), ('Bench lavatesta', 20);
  delete from services_phases;
  insert into services_phases (_order, _parent_id, id, minutes, operator_busy, station_id)
  select p.ord, s.id, md5(s.id || '-' || p.ord), p.minutes, p.busy,
         (select id from stations where name = p.station)
    from services s,
         lateral (values (1, round(s.time * 0.4), true, 'Bench poltrona'),
                         (2, s.time - round(s.time * 0.4) - round(s.time * 0.3), false, 'Bench poltrona'),
                         (3, round(s.time * 0.3), true, 'Bench lavatesta')) p(ord, minutes, busy, station);
  update services set cleanup_minutes = 5;
  update reservations r set plan = jsonb_build_array(
      jsonb_build_object('from', 0, 'to', round(r.duration * 0.4), 'operator_busy', true,
                         'station', (select id from stations where name = 'Bench poltrona'), 'cleanup', false),
      jsonb_build_object('from', round(r.duration * 0.4), 'to', r.duration - round(r.duration * 0.3), 'operator_busy', false,
                         'station', (select id from stations where name = 'Bench poltrona'), 'cleanup', false),
      jsonb_build_object('from', r.duration - round(r.duration * 0.3), 'to', r.duration, 'operator_busy', true,
                         'station', (select id from stations where name = 'Bench lavatesta'), 'cleanup', false))
   where r.date_start is not null and r.duration >= 10
     and r.date_start::date = any(array[${days.map((d) => `'${d}'`).join(', ')}]::date[]);`

const phasesOff = `
  update reservations set plan = null where plan is not null;
  delete from services_phases;
  insert into services_phases (_order, _parent_id, id, minutes, operator_busy)
  select 1, s.id, md5(s.id || '-1'), s.time, true from services s;
  update services set cleanup_minutes = 0;
  delete from stations where name like 'Bench %';`

export async function phasesAb({ run, app, dayPath, days, sql, log, seconds = 5, rounds = 3 }) {
  const state = { on: false }
  const set = async (on) => {
    if (state.on === on) return
    await sql(on ? phasesOn(days) : phasesOff)
    state.on = on
    await new Promise((r) => setTimeout(r, 300))
    await run(`warm-up phases ${on ? 'on' : 'off'}`, { url: app, duration: 1, pathFor: dayPath }, { quiet: true })
  }
  const a = []
  const b = []
  for (let i = 0; i < rounds; i++) {
    for (const on of i % 2 ? [true, false] : [false, true]) {
      await set(on)
      const r = await run(
        `Day availability — ${on ? 'phases and stations on every service' : 'no phases (demo)'} (round ${i + 1})`,
        {
          url: app,
          duration: seconds,
          pathFor: dayPath,
        },
      )
      ;(on ? b : a).push(r)
    }
  }
  await set(false)
  const mean = (rs) => rs.reduce((s, r) => s + r.result.requests.average, 0) / rs.length
  const p95 = (rs) => Math.max(...rs.map((r) => r.p95))
  const summary = {
    withoutPhases: Math.round(mean(a)),
    withPhases: Math.round(mean(b)),
    ratioPercent: Math.round((mean(b) / mean(a)) * 1000) / 10,
    p95Without: p95(a),
    p95With: p95(b),
    budgetPercent: 80,
  }
  summary.pass = summary.ratioPercent >= summary.budgetPercent
  log(`Phases A/B: ${JSON.stringify(summary)}`)
  return { rows: [...a, ...b], summary }
}

export const phasesReport = ({ summary }) =>
  `Phases and stations (issue 25), interleaved in this run: day availability **${summary.withPhases} req/s with phases and stations on every service vs ${summary.withoutPhases} without (${summary.ratioPercent} %; budget ≥ ${summary.budgetPercent} %: ${summary.pass ? 'pass' : 'MISSED'})**, p95 ${summary.p95With} vs ${summary.p95Without} ms.`
