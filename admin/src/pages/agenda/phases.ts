/**
 * A booking's phases on the agenda (issue 25), pure: the API's `phases` (`phaseItem`: start, end,
 * operator_busy, station, cleanup, label) → the stretches drawn inside its card and the clean-up
 * after it.
 *
 * - Inside the card (date_start → date_end): the stylist at work is the card itself; *tempo di
 *   posa* is a lighter stretch with its words and the customer's name; a clean-up between two
 *   services is a hatched stretch. Positions are shares of the card's height, from instants (a DST
 *   night changes the clock, not the minutes).
 * - After the card: the last service's clean-up (*Riordino*, the customer gone) — an event of its
 *   own in the operator's column (mapping.ts `cleanupEvents`).
 * - **The gap is free**: the operator is free during a processing stretch, so the owner may click
 *   or drag there to book or block, and drop another booking into it. The card lets the pointer
 *   through there (`pointer-events: none` on the card and on its processing stretches, `auto` on
 *   the stretches where the stylist works and on its resize handle): a click in the gap reaches the
 *   grid under it — a new booking at that time — while a click on a busy stretch opens the booking
 *   and a drag from it moves it. The server's engine has the last word (a 409 as for any change).
 */
import type { AgendaItem, PhaseItem } from '@salon/shared/schemas/booking'
import { formatTime } from '@salon/shared/format'

export type StretchKind = 'busy' | 'free' | 'cleanup'

/** One stretch of a card: where it sits (percent of the card's height), its words, its times. */
export interface CardStretch {
  kind: StretchKind
  /** From the card's top, percent. */
  top: number
  /** Percent of the card's height. */
  height: number
  /** "10:30–11:10" on the salon's clock. */
  time: string
  /** The words written in it: "Tempo di posa", "Riordino · Lavatesta"; empty for the stylist at work. */
  label: string
}

/** The glossary's words for the stretches (PHASE_WORDS). */
export interface PhaseWords {
  processing: string
  cleanup: string
}

/** One stretch of a booking after its end: the clean-up once the customer has gone. */
export interface TrailingStretch {
  start: string
  end: string
  kind: StretchKind
  station: string | null
}

export const stretchKind = (p: Pick<PhaseItem, 'cleanup' | 'operator_busy'>): StretchKind =>
  p.cleanup ? 'cleanup' : p.operator_busy ? 'busy' : 'free'

const percent = (share: number) => Math.round(share * 100_000) / 1000

const timeRange = (a: number, b: number, timeZone: string) =>
  `${formatTime(new Date(a), timeZone)}–${formatTime(new Date(b), timeZone)}`

const withStation = (word: string, station: PhaseItem['station']) => (station ? `${word} · ${station.name}` : word)

/**
 * The stretches drawn inside a booking's card, in order, cut to the card (a booking whose rest
 * was freed ends early; its phases come cut already). None when the booking has no phases (one
 * busy block, as before phases existed).
 */
export function cardStretches(
  r: Pick<AgendaItem, 'date_start' | 'date_end' | 'phases'>,
  timeZone: string,
  words: PhaseWords,
): CardStretch[] {
  const phases = r.phases ?? []
  if (phases.length === 0 || !r.date_start || !r.date_end) return []
  const start = Date.parse(r.date_start)
  const end = Date.parse(r.date_end)
  const span = end - start
  if (!(span > 0)) return []
  const out: CardStretch[] = []
  for (const p of phases) {
    const a = Math.max(start, Date.parse(p.start))
    const b = Math.min(end, Date.parse(p.end))
    if (!(b > a)) continue
    const kind = stretchKind(p)
    out.push({
      kind,
      top: percent((a - start) / span),
      height: percent((b - a) / span),
      time: timeRange(a, b, timeZone),
      label: kind === 'free' ? words.processing : kind === 'cleanup' ? withStation(words.cleanup, p.station) : '',
    })
  }
  return out
}

/** The card has a processing stretch: another booking of its operator may sit there. */
export const hasGap = (stretches: readonly Pick<CardStretch, 'kind'>[] | undefined) =>
  !!stretches?.some((s) => s.kind === 'free')

/** What of a booking's phases lies after its end (the last service's clean-up), cut at the end. */
export function trailingStretches(r: Pick<AgendaItem, 'date_end' | 'phases'>): TrailingStretch[] {
  if (!r.date_end) return []
  const end = Date.parse(r.date_end)
  const out: TrailingStretch[] = []
  for (const p of r.phases ?? []) {
    const b = Date.parse(p.end)
    if (!(b > end)) continue
    const a = Math.max(end, Date.parse(p.start))
    out.push({
      start: new Date(a).toISOString(),
      end: p.end,
      kind: stretchKind(p),
      station: p.station?.name ?? null,
    })
  }
  return out
}

/** HTML-escapes text put into a card (the same rule as mapping.ts). */
const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

const sr = (text: string) => `<span class="salon-sr">${escape(text)}</span>`

/**
 * The stretches' layer of a card, under its text. The words of a processing or clean-up stretch
 * are part of the card's accessible name (", Tempo di posa, 10:30–11:10"); the customer's name is
 * repeated on the processing stretch for the eye only (the card's name has it already).
 * Pointer events: see the file's comment.
 */
export function stretchesHtml(stretches: readonly CardStretch[], customer: string): string {
  if (stretches.length === 0) return ''
  const parts = stretches.map((s) => {
    const events = s.kind === 'free' ? 'none' : 'auto'
    const style = `top:${s.top}%;height:${s.height}%;pointer-events:${events}`
    const words =
      s.kind === 'busy'
        ? ''
        : `<span class="salon-phase-label">${sr(', ')}${escape(s.label)}` +
          (s.kind === 'free' ? `<span aria-hidden="true"> · ${escape(customer)}</span>` : '') +
          `${sr(`, ${s.time}`)}</span>`
    return `<div class="salon-phase salon-phase-${s.kind}" data-phase="${s.kind}" style="${style}">${words}</div>`
  })
  return `<div class="salon-phases">${parts.join('')}</div>`
}
