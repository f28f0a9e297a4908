import { Spinner } from '../../components/page-loader'
import { lazy, Suspense, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react'
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  useMantineTheme,
} from '@mantine/core'
import { useCustom, useCustomMutation, useGo, useNotification } from '@refinedev/core'
import type { Calendar } from '@event-calendar/core'
import type { AgendaResponse, OperatorBlockBody } from '@salon/shared/schemas/booking'
import { IconChevronLeft, IconChevronRight, IconLock, IconPlus } from '@tabler/icons-react'
import { useSearchParams } from 'react-router'
import { DateField } from '../../components/form/date-fields'
import { statusColour } from '../../components/status-badge'
import { useT } from '../../i18n/use-t'
import { useActiveOperators, useSalonConfig } from '../../hooks/use-salon'
import { useShiftOverride, withOverride, type Override } from '../../hooks/use-shift-override'
import { formatCalendarDay, formatMoney } from '../../lib/format'
import { WalkInButton } from './walk-in-button'
import type { BlockDialog } from './block-modal'
import { EventCalendar, type CalendarOptions } from './event-calendar'
import type { ReservationSeriesRef } from '@salon/shared/schemas/series'
import { seriesText } from '../booking/series-parts'
import {
  agendaParams,
  blockToEvent,
  bookingToEvent,
  cleanupEvents,
  closedToEvents,
  columnOperatorName,
  calendarDateToInstant,
  calendarDay,
  calendarOffset,
  calendarTime,
  eventContent,
  eventDidMount,
  gridHours,
  isShading,
  minutesBetween,
  moveBody,
  offShiftToEvents,
  operatorName,
  operatorsToResources,
  rangeOf,
  readAgendaState,
  salonToday,
  stepDate,
  UNASSIGNED,
  visibleBookings,
  weekOperatorOf,
  type AgendaEventProps,
  type AgendaState,
  type CalendarEventInput,
  type ClosedWords,
  type OffShiftWords,
  type Palette,
} from './mapping'
import { salonFields } from '../../lib/salon-time'

// The block dialog (its form, the shared block schema, zod) is fetched when it first opens: the
// agenda's first paint does not wait for it.
const BlockModal = lazy(() => import('./block-modal').then((m) => ({ default: m.BlockModal })))

const pad = (n: number) => String(n).padStart(2, '0')
const minutesToDuration = (m: number) => `${pad(Math.floor(m / 60))}:${pad(m % 60)}:00`
// Options that never change, kept by reference (the wrapper pushes only what changed).
const NO_TOOLBAR = { start: '', center: '', end: '' }
const DAY_HEADER: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' }
const SLOT_LABEL: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' }

/** `2026-11-24` → `martedì 24 novembre 2026` / `Tuesday, 24 November 2026`. */
const longDay = (day: string, intl: string) =>
  formatCalendarDay(day, intl, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })

/**
 * The appointment book (issue 13; its own menu entry since issue 20): a day with one column per
 * active operator, or a week — every active operator (a column per operator under each day) or
 * one operator's; click a free time to book it, drag over one to block it, drag a booking to move
 * it (also to another operator) or its edge to change its length. The server decides: a refusal
 * (409/400) snaps the card back and shows the server's words. Times are the salon's
 * (`config.timezone`) whatever the browser's zone. Cancelled and rejected bookings are hidden
 * unless asked for; the salon's closed time (hours, closed days, closures, holidays: the API's
 * `closed`, computed by the engine) is shaded. A booking's phases (issue 25) are drawn in its card —
 * processing time lighter and free: a click, a drag or a drop there reaches the grid, so another
 * booking goes into the gap (phases.ts) — and its clean-up after it. The view lives in the URL
 * (`/dashboard/agenda?mode=&date=&operator=&cancelled=`): each change is a history entry, so
 * reload and Back work.
 */
export default function Agenda() {
  const t = useT()
  const theme = useMantineTheme()
  const go = useGo()
  const { open: notify } = useNotification()
  const [params, setParams] = useSearchParams()
  // For scripts/bench-agenda.mjs: the screen's first commit (its requests start right after).
  useLayoutEffect(() => {
    performance.mark('agenda:render')
  }, [])

  const { timeZone, slotStepMinutes: step } = useSalonConfig()
  const today = salonToday(timeZone)
  const state = readAgendaState(params, today)

  const { operators, loaded: operatorsLoaded } = useActiveOperators()
  // The URL's operator when it is an active one (asked at once, before the operators arrive:
  // no waterfall); otherwise every active operator — never a default picked by order.
  const weekOperator =
    state.mode !== 'week' ? null : operatorsLoaded ? weekOperatorOf(state, operators) : state.operator
  const allInWeek = state.mode === 'week' && weekOperator === null

  const setState = (patch: Partial<AgendaState>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        const merged = { ...readAgendaState(prev, today), ...patch }
        for (const [k, v] of Object.entries(agendaParams(merged))) {
          if (v) next.set(k, v)
          else next.delete(k)
        }
        return next
      },
      // A history entry per view: Back returns to the previous day, week or operator.
      { replace: false },
    )

  const range = rangeOf(state)
  const agenda = useCustom<AgendaResponse>({
    url: '/api/reservations/agenda',
    method: 'get',
    config: {
      query: {
        from: range.from,
        to: range.to,
        ...(weekOperator ? { operator: weekOperator } : {}),
      },
    },
  })
  const refetch = agenda.query.refetch

  const palette: Palette = useCallback(
    (status: string) => {
      const colours = theme.colors[statusColour(status)] ?? theme.colors.gray
      return { background: colours[1]!, edge: colours[7]! }
    },
    [theme],
  )
  const words = useMemo(
    () => ({
      locale: t.locale,
      noCustomer: t('agenda.noCustomer'),
      unassigned: t('agenda.unassigned'),
      blocked: t('agenda.blocked'),
      offShiftBooking: t('agenda.offShiftBooking'),
      walkIn: t.glossary.desk.walkIn,
      allergy: t('desk.allergyBadge'),
      paid: (amount: number) => t('checkout.paid', { amount: formatMoney(amount, t.locale) }),
      confirmed: t.glossary.attendance.confirmedByCustomer,
      phases: { processing: t.glossary.phase.processing, cleanup: t.glossary.phase.cleanup },
      cleanupOf: (customer: string) => t('agenda.cleanupOf', { customer }),
      series: (ref: ReservationSeriesRef) => seriesText(ref, t),
    }),
    [t],
  )
  const closedWords: ClosedWords = useMemo(
    () => ({
      HOURS: t('agenda.closed.HOURS'),
      CLOSED_DAY: t('agenda.closed.CLOSED_DAY'),
      CLOSURE: t('agenda.closed.CLOSURE'),
      HOLIDAY: t('agenda.closed.HOLIDAY'),
    }),
    [t],
  )
  const offShiftWords: OffShiftWords = useMemo(
    () => ({ offShift: t.glossary.rota.offShift, leave: t('agenda.leave'), leaveKind: t.glossary.leaveKind }),
    [t],
  )
  // (Refine gives an empty object until the first answer.)
  const data = agenda.result.data as Partial<AgendaResponse> | undefined
  // What the server answered for the view (it filters the week by operator), cancelled and
  // rejected bookings only when asked.
  const cards = useMemo(() => {
    const out: CalendarEventInput[] = []
    for (const r of visibleBookings(data?.reservations ?? [], state.cancelled)) {
      const e = bookingToEvent(r, timeZone, words, palette)
      if (e) out.push(e, ...cleanupEvents(r, timeZone, words, palette))
    }
    for (const b of data?.blocks ?? []) out.push(blockToEvent(b, timeZone, words))
    return out
  }, [data, state.cancelled, timeZone, words, palette])
  const anyUnassigned = cards.some((e) => e.resourceIds[0] === UNASSIGNED)
  const resources = useMemo(
    () => operatorsToResources(operators, anyUnassigned ? words.unassigned : undefined),
    [operators, anyUnassigned, words],
  )
  // The closed time, shaded behind every column shown; each operator's time off shift or on
  // leave in their own column (one operator's week: theirs only).
  const events = useMemo(
    () => [
      ...closedToEvents(
        data?.closed ?? [],
        resources.map((r) => r.id),
        timeZone,
        closedWords,
      ),
      ...offShiftToEvents(
        data?.offShift,
        weekOperator ? [String(weekOperator)] : resources.map((r) => r.id),
        timeZone,
        offShiftWords,
      ),
      ...cards,
    ],
    [data, resources, weekOperator, timeZone, closedWords, offShiftWords, cards],
  )
  const { from: firstDay, to: lastDay } = range
  // The grid's hours follow the cards (not the closed time, which covers the whole night).
  const hours = useMemo(() => gridHours(cards, { from: firstDay, to: lastDay }), [cards, firstDay, lastDay])

  // ---- changes ----
  const [busy, setBusy] = useState(false)
  const [dialog, setDialog] = useState<BlockDialog | null>(null)
  // Mounted from its first opening on (so it can animate closed), loaded then.
  const [blockDialogUsed, setBlockDialogUsed] = useState(false)
  if (dialog && !blockDialogUsed) setBlockDialogUsed(true)
  const { mutateAsync } = useCustomMutation()
  const calendar = useRef<Calendar | null>(null)
  const shift = useShiftOverride()
  const attempt = shift.attempt

  /**
   * One change sent to the API: busy while it runs, a notice when it is done, the agenda read
   * again either way. Resolves to the server's refusal (its message, and the bookings in the way
   * of a block), 'declined' when staff said no to booking off shift, or null when it was done.
   * A booking's change (`who`: its operator's name, or null) goes through "… non è di turno:
   * prenotare comunque?" (useShiftOverride); a block's does not.
   */
  const run = useCallback(
    async (
      request: Parameters<typeof mutateAsync>[0],
      okMessage: string,
      who?: string | null,
    ): Promise<{ message: string; error: unknown } | 'declined' | null> => {
      setBusy(true)
      const send = (override: Override) =>
        mutateAsync({
          ...request,
          values: withOverride(request.values, override),
          successNotification: false,
          errorNotification: false,
        })
      try {
        const outcome =
          who === undefined
            ? await send(false).then(
                () => ({ status: 'done' }) as const,
                (error: unknown) => ({ status: 'refused', error }) as const,
              )
            : await attempt(send, who)
        if (outcome.status === 'done') {
          notify?.({ type: 'success', message: okMessage })
          return null
        }
        if (outcome.status === 'declined') return 'declined'
        return { message: (outcome.error as Error).message, error: outcome.error }
      } finally {
        setBusy(false)
        void refetch()
      }
    },
    [mutateAsync, notify, refetch, attempt],
  )

  /**
   * A drag or resize: the card snaps back when it is refused (the server's words are shown) or when
   * staff chose not to book outside the shift. `who` (bookings only) names the operator asked about.
   */
  const patch = useCallback(
    async (
      url: string,
      values: Record<string, unknown>,
      ok: string,
      failed: string,
      revert: () => void,
      who?: string | null,
    ) => {
      const refusal = await run({ url, method: 'patch', values }, ok, who)
      if (refusal) revert()
      if (refusal && refusal !== 'declined') notify?.({ type: 'error', message: failed, description: refusal.message })
    },
    [run, notify],
  )

  const saveBlock = async (body: OperatorBlockBody, d: BlockDialog) => {
    const refusal =
      d.mode === 'create'
        ? await run({ url: '/api/operator-blocks', method: 'post', values: body }, t('agenda.block.created'))
        : await run({ url: `/api/operator-blocks/${d.id}`, method: 'patch', values: body }, t('agenda.block.updated'))
    setDialog(refusal && refusal !== 'declined' ? { ...d, refusal: refusal.message, error: refusal.error } : null)
  }
  const deleteBlock = async (d: BlockDialog, id: number) => {
    const refusal = await run(
      { url: `/api/operator-blocks/${id}`, method: 'delete', values: {} },
      t('agenda.block.deleted'),
    )
    setDialog(refusal && refusal !== 'declined' ? { ...d, refusal: refusal.message } : null)
  }

  const options = useMemo<CalendarOptions>(
    () => ({
      eventContent,
      eventDidMount,
      eventClick: ({ event }) => {
        const p = event.extendedProps as AgendaEventProps
        if (isShading(p)) return
        if (p.kind === 'booking' || p.kind === 'cleanup') {
          go({ to: `/booking/${p.id}` })
          return
        }
        const start = salonFields(calendarDateToInstant(event.start, timeZone), timeZone)
        const end = salonFields(calendarDateToInstant(event.end, timeZone), timeZone)
        setDialog({
          mode: 'edit',
          id: p.id,
          fields: {
            operator: String(event.resourceIds[0] ?? ''),
            day: start.day,
            from: start.time,
            toDay: end.day,
            to: end.time,
            reason: p.reason,
          },
        })
      },
      eventDrop: ({ event, newResource, revert }) => {
        const p = event.extendedProps as AgendaEventProps
        if (isShading(p)) return
        // A clean-up follows its booking (never dragged on its own).
        if (p.kind === 'cleanup') return revert()
        if (newResource?.id === UNASSIGNED) {
          revert()
          notify?.({ type: 'error', message: t('agenda.notMoved'), description: t('agenda.unassignedDrop') })
          return
        }
        const body = moveBody(event.start, timeZone, newResource?.id)
        if (p.kind === 'booking')
          void patch(
            `/api/reservations/${p.id}/edit`,
            body,
            t('agenda.moved'),
            t('agenda.notMoved'),
            revert,
            // Asked about the operator of the column it was dropped in.
            columnOperatorName(operators, newResource?.id ?? String(event.resourceIds[0] ?? '')),
          )
        else
          void patch(
            `/api/operator-blocks/${p.id}`,
            { ...body, date_end: calendarDateToInstant(event.end, timeZone) },
            t('agenda.blockMoved'),
            t('agenda.blockNotMoved'),
            revert,
          )
      },
      eventResize: ({ event, revert }) => {
        const p = event.extendedProps as AgendaEventProps
        if (isShading(p)) return
        if (p.kind === 'cleanup') return revert()
        if (p.kind === 'booking')
          void patch(
            `/api/reservations/${p.id}/edit`,
            { duration: minutesBetween(event.start, event.end) },
            t('agenda.resized'),
            t('agenda.notResized'),
            revert,
            columnOperatorName(operators, String(event.resourceIds[0] ?? '')),
          )
        else
          void patch(
            `/api/operator-blocks/${p.id}`,
            { date_end: calendarDateToInstant(event.end, timeZone) },
            t('agenda.blockMoved'),
            t('agenda.blockNotMoved'),
            revert,
          )
      },
      dateClick: ({ date, resource }) => {
        const column = resource?.id === UNASSIGNED ? undefined : resource?.id
        const operator = column ?? (weekOperator ? String(weekOperator) : undefined)
        go({
          to: '/booking/create',
          query: { ...(operator ? { operator } : {}), start: calendarDateToInstant(date, timeZone) },
        })
      },
      select: ({ start, end, resource }) => {
        calendar.current?.unselect()
        const column = resource?.id === UNASSIGNED ? undefined : resource?.id
        setDialog({
          mode: 'create',
          fields: {
            operator: column ?? (weekOperator ? String(weekOperator) : ''),
            day: calendarDay(start),
            from: calendarTime(start),
            toDay: calendarDay(end),
            to: calendarTime(end),
            reason: '',
          },
        })
      },
      view: state.mode === 'day' ? 'resourceTimeGridDay' : allInWeek ? 'resourceTimeGridWeek' : 'timeGridWeek',
      // The week of every operator: the days on top, an operator's column under each.
      datesAboveResources: allInWeek,
      date: state.date,
      firstDay: 1,
      headerToolbar: NO_TOOLBAR,
      locale: t.intl,
      timeZone: calendarOffset(timeZone),
      resources,
      events,
      allDaySlot: false,
      nowIndicator: true,
      selectable: !busy,
      editable: !busy,
      slotDuration: minutesToDuration(step < 15 ? step : 15),
      snapDuration: minutesToDuration(step),
      ...hours,
      // 24 px a quarter of an hour: the shortest card is a 24 px touch target (WCAG 2.5.8).
      slotHeight: 24,
      height: 'auto',
      dayHeaderFormat: DAY_HEADER,
      slotLabelFormat: SLOT_LABEL,
    }),
    [
      state.mode,
      state.date,
      allInWeek,
      t,
      timeZone,
      resources,
      events,
      hours,
      busy,
      step,
      go,
      notify,
      patch,
      weekOperator,
      operators,
    ],
  )

  const period =
    state.mode === 'day' ? longDay(state.date, t.intl) : `${longDay(firstDay, t.intl)} – ${longDay(lastDay, t.intl)}`
  const operatorOptions = operators.map((o) => ({ value: String(o.id), label: operatorName(o) }))
  const ALL = 'all'
  const weekOptions = [{ value: ALL, label: t('agenda.allOperators') }, ...operatorOptions]

  const openBlockForm = () =>
    setDialog({
      mode: 'create',
      fields: {
        operator: state.mode === 'week' && weekOperator ? String(weekOperator) : '',
        day: state.date,
        from: '',
        toDay: state.date,
        to: '',
        reason: '',
      },
    })
  const newBooking = () =>
    go({
      to: '/booking/create',
      query:
        state.mode === 'week' && weekOperator
          ? { operator: String(weekOperator), day: state.date }
          : { day: state.date },
    })

  return (
    <Stack spacing="sm">
      <Group position="apart" align="flex-end" spacing="sm">
        <Group spacing="sm" align="flex-end">
          <SegmentedControl
            aria-label={t('agenda.mode')}
            value={state.mode}
            onChange={(v) => setState({ mode: v === 'week' ? 'week' : 'day' })}
            data={[
              { value: 'day', label: t('agenda.day') },
              { value: 'week', label: t('agenda.week') },
            ]}
          />
          <Group spacing={4}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={state.mode === 'day' ? t('agenda.previousDay') : t('agenda.previousWeek')}
              onClick={() => setState({ date: stepDate(state, -1) })}
            >
              <IconChevronLeft size={18} />
            </ActionIcon>
            <Button variant="default" onClick={() => setState({ date: today })}>
              {t('agenda.today')}
            </Button>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={state.mode === 'day' ? t('agenda.nextDay') : t('agenda.nextWeek')}
              onClick={() => setState({ date: stepDate(state, 1) })}
            >
              <IconChevronRight size={18} />
            </ActionIcon>
          </Group>
          <DateField label={t('agenda.date')} required value={state.date} onChange={(date) => setState({ date })} />
          {state.mode === 'week' && (
            <Select
              label={t('agenda.operator')}
              data={weekOptions}
              value={weekOperator ? String(weekOperator) : ALL}
              onChange={(v) => setState({ operator: v && v !== ALL ? Number(v) : null })}
            />
          )}
          <Switch
            label={t('agenda.showCancelled')}
            checked={state.cancelled}
            onChange={(e) => setState({ cancelled: e.currentTarget.checked })}
            sx={{ alignSelf: 'center' }}
          />
        </Group>
        <Group spacing="xs">
          <Button leftIcon={<IconPlus size={16} />} onClick={newBooking}>
            {t('agenda.newBooking')}
          </Button>
          <WalkInButton
            onBooked={() => {
              // The walk-in starts now: show today's agenda with it.
              if (state.date !== today) setState({ date: today })
              else void refetch()
            }}
          />
          <Button variant="outline" leftIcon={<IconLock size={16} />} onClick={openBlockForm}>
            {t('agenda.blockTime')}
          </Button>
        </Group>
      </Group>
      <Group position="apart" spacing="xs">
        <Text weight={600} aria-live="polite">
          {period}
        </Text>
        <Group spacing="xs">
          {(agenda.query.isFetching || busy) && <Spinner size="xs" label={t('loading')} />}
          <Text size="sm" color="dimmed">
            {t('agenda.timeZone')}
          </Text>
        </Group>
      </Group>
      <Text size="sm" color="dimmed">
        {t('agenda.help')} {t('agenda.closedLegend')} {t('agenda.offShiftLegend')} {t('agenda.phasesLegend')}
      </Text>
      {agenda.query.isError && (
        <Alert color="red" role="alert">
          {t('agenda.loadError')}
        </Alert>
      )}
      {operatorsLoaded && operators.length === 0 ? (
        <Alert color="gray">{t('agenda.noOperators')}</Alert>
      ) : (
        // On a phone the operators' columns keep a usable width and the grid scrolls sideways.
        <Box sx={{ overflowX: 'auto' }}>
          <Box
            sx={{
              minWidth:
                state.mode === 'day'
                  ? 56 + Math.max(resources.length, 1) * 130
                  : allInWeek
                    ? 56 + 7 * Math.max(resources.length, 1) * 84
                    : 56 + 7 * 90,
            }}
            className={allInWeek ? 'salon-agenda-compact' : undefined}
          >
            <EventCalendar
              options={options}
              label={t('agenda.region', { period })}
              onReady={(c) => {
                calendar.current = c
              }}
            />
          </Box>
        </Box>
      )}
      {blockDialogUsed && (
        <Suspense fallback={null}>
          <BlockModal
            dialog={dialog}
            operators={operatorOptions}
            timeZone={timeZone}
            saving={busy}
            onClose={() => setDialog(null)}
            onSave={(body, d) => void saveBlock(body, d)}
            onDelete={(id) => dialog && void deleteBlock(dialog, id)}
          />
        </Suspense>
      )}
      {shift.dialog}
    </Stack>
  )
}
