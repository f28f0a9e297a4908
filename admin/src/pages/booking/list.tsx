import { useEffect, useMemo, useRef, useState } from 'react'
import {
  Alert,
  Button,
  Group,
  List as MantineList,
  MultiSelect,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useDataProvider, useInvalidate, type CrudFilter } from '@refinedev/core'
import { List } from '@refinedev/mantine'
import { RESERVATION_STATUSES } from '@salon/shared'
import { IconAlertTriangle, IconCircleCheck, IconSearch } from '@tabler/icons-react'
import { Navigate, useSearchParams } from 'react-router'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { RelationSelect } from '../../components/form/fields'
import { RecordTable, type RowSelection, type TableColumn } from '../../components/record-table'
import { StatusBadge } from '../../components/status-badge'
import { useSalonConfig } from '../../hooks/use-salon'
import { EMPTY, formatMoney, formatRelation } from '../../lib/format'
import { DateRangeFields } from '../../components/form/date-fields'
import {
  BOOKING_PERIODS,
  bookingFilters,
  DEFAULT_PERIOD,
  periodOf,
  periodSort,
  type BookingFilterState,
  type BookingPeriod,
} from './filters'
import { runInBatches, type BulkOutcome, type BulkStatus } from './bulk'
import { formatListWhen } from './when'
import { useT, type T } from '../../i18n/use-t'
// The agenda has its own menu entry (/dashboard/agenda, issue 20); its old address here redirects.
import { legacyAgendaPath } from '../agenda/mapping'

interface BookingRow {
  id: number
  date_start?: string | null
  status: string
  total_price?: number
  user?: unknown
  operator?: unknown
  services?: unknown
}

/** A booking's start as the list writes it ("Thu 24 Dec 2026, 19:00"), or "No time" for a draft. */
const whenOf = (r: BookingRow, t: T, timeZone: string) =>
  r.date_start ? formatListWhen(r.date_start, t.locale, timeZone) : t('booking.noTime')

const columns = (t: T, timeZone: string): TableColumn<BookingRow>[] => [
  {
    field: 'date_start',
    label: t('columns.when'),
    render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{whenOf(r, t, timeZone)}</span>,
  },
  { field: 'user', label: t('columns.customer'), sortable: false, render: (r) => formatRelation(r.user) },
  { field: 'services', label: t('columns.services'), sortable: false, render: (r) => formatRelation(r.services) },
  { field: 'operator', label: t('columns.operator'), sortable: false, render: (r) => formatRelation(r.operator) },
  { field: 'status', label: t('columns.status'), render: (r) => <StatusBadge status={r.status} /> },
  {
    field: 'total_price',
    label: t('columns.total'),
    align: 'right',
    render: (r) => formatMoney(r.total_price, t.locale) ?? EMPTY,
  },
]

/** The query-string keys of the list's filters (a reset clears them; the page and sort go with them). */
const FILTER_KEYS = ['f_period', 'f_from', 'f_to', 'f_status', 'f_operator', 'f_q', 'f_drafts']
/** Refine's sort in the URL (`sorters[0][field]`…): dropped when the period changes, which brings its own order. */
const isSortKey = (key: string) => key.startsWith('sorters')

/**
 * The pending requests chosen on this page, confirmed or rejected together: a confirmation dialog
 * naming them, then one `PUT /api/reservations/:id/status` each, a few at a time (each its own
 * transaction and mail), then a summary naming the ones refused and why, and the list reloaded.
 */
export function BulkActions({
  selected,
  onClear,
  timeZone,
  hint,
}: {
  selected: BookingRow[]
  onClear: () => void
  timeZone: string
  hint: boolean
}) {
  const t = useT()
  const dataProvider = useDataProvider()
  const invalidate = useInvalidate()
  const [asking, setAsking] = useState<BulkStatus | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [summary, setSummary] = useState<{ status: BulkStatus; outcomes: BulkOutcome<BookingRow>[] } | null>(null)
  const summaryRef = useRef<HTMLDivElement>(null)
  const count = selected.length
  const name = (r: BookingRow) => formatRelation(r.user)

  useEffect(() => {
    if (summary) summaryRef.current?.focus() // the dialog's trigger is gone: the result takes the focus
  }, [summary])

  const run = async (status: BulkStatus) => {
    const rows = [...selected]
    let done = 0
    setProgress(0)
    const outcomes = await runInBatches(rows, async (row) => {
      try {
        await dataProvider().custom!({
          url: `/api/reservations/${row.id}/status`,
          method: 'put',
          payload: { status },
        })
      } finally {
        setProgress(++done)
      }
    })
    setProgress(null)
    setAsking(null)
    onClear()
    setSummary({ status, outcomes })
    await invalidate({ resource: 'booking', invalidates: ['list'] })
  }

  const ok = summary?.outcomes.filter((o) => o.ok).length ?? 0
  const failed = summary?.outcomes.filter((o) => !o.ok) ?? []

  return (
    <>
      {summary && (
        <Alert
          ref={summaryRef}
          tabIndex={-1}
          mb="md"
          color={failed.length ? 'orange' : 'green'}
          icon={failed.length ? <IconAlertTriangle size={18} /> : <IconCircleCheck size={18} />}
          title={t('bulk.result')}
          withCloseButton
          closeButtonLabel={t('common.close')}
          onClose={() => setSummary(null)}
          role="status"
          data-testid="bulk-summary"
        >
          <Text size="sm">
            {t(summary.status === 'CONFIRMED' ? 'bulk.doneConfirmed' : 'bulk.doneRejected', { count: ok })}
          </Text>
          {failed.length > 0 && (
            <>
              <Text size="sm" weight={600} mt="xs">
                {t('bulk.failed', { count: failed.length })}
              </Text>
              <MantineList size="sm">
                {failed.map((o) => (
                  <MantineList.Item key={o.item.id}>
                    {t('bulk.failedItem', {
                      who: name(o.item),
                      when: whenOf(o.item, t, timeZone),
                      why: o.statusCode ? `${o.error ?? ''} (${o.statusCode})` : (o.error ?? ''),
                    })}
                  </MantineList.Item>
                ))}
              </MantineList>
            </>
          )}
        </Alert>
      )}
      {count > 0 ? (
        <Paper withBorder p="sm" mb="md" radius="md" role="region" aria-label={t('bulk.chosen', { count })}>
          <Group spacing="sm" position="apart">
            <Text size="sm" weight={600}>
              {t('bulk.chosen', { count })}
            </Text>
            <Group spacing="xs">
              <Button size="sm" onClick={() => setAsking('CONFIRMED')}>
                {t('bulk.confirm', { count })}
              </Button>
              <Button size="sm" variant="outline" color="red" onClick={() => setAsking('REJECTED')}>
                {t('bulk.reject', { count })}
              </Button>
              <Button size="sm" variant="subtle" onClick={onClear}>
                {t('common.clearChoice')}
              </Button>
            </Group>
          </Group>
        </Paper>
      ) : (
        hint && (
          <Text size="sm" mb="xs" sx={(theme) => ({ color: theme.colors.gray[7] })}>
            {t('bulk.hint')}
          </Text>
        )
      )}
      <ConfirmDialog
        opened={asking !== null}
        title={
          asking === 'REJECTED'
            ? t(count === 1 ? 'bulk.rejectQuestionOne' : 'bulk.rejectQuestion', { count })
            : t(count === 1 ? 'bulk.confirmQuestionOne' : 'bulk.confirmQuestion', { count })
        }
        confirmLabel={
          progress !== null
            ? t('bulk.working', { done: progress, count })
            : t(asking === 'REJECTED' ? 'bulk.rejectYes' : 'bulk.confirmYes')
        }
        danger={asking === 'REJECTED'}
        loading={progress !== null}
        onConfirm={() => asking && void run(asking)}
        onCancel={() => progress === null && setAsking(null)}
      >
        <Stack spacing="xs">
          <Text size="sm">{t(asking === 'REJECTED' ? 'bulk.rejectWhat' : 'bulk.confirmWhat')}</Text>
          <MantineList size="sm" aria-label={t('bulk.chosen', { count })}>
            {selected.map((r) => (
              <MantineList.Item key={r.id}>
                {name(r)}, {whenOf(r, t, timeZone)}
              </MantineList.Item>
            ))}
          </MantineList>
        </Stack>
      </ConfirmDialog>
    </>
  )
}

/**
 * /dashboard/booking: the bookings from what matters — by default the upcoming ones, nearest
 * first; "Past" (most recent first) and "All" one click away — with a filter bar whose state
 * lives in the URL (`f_period`, `f_from`, `f_to`, `f_status`, `f_operator`, `f_q`, `f_drafts`) so a
 * filtered list can be bookmarked, shared and reloaded. The server filters and sorts. Drafts
 * (booking sessions never confirmed) are hidden unless asked for. Pending requests can be chosen
 * and confirmed or rejected together (`BulkActions`).
 */
export default function BookingList() {
  const t = useT()
  const { timeZone } = useSalonConfig()
  const statusOptions = RESERVATION_STATUSES.map((s) => ({ value: s, label: t.glossary.status(s) }))
  const [params, setParams] = useSearchParams()
  const period = periodOf(params.get('f_period'))
  const state: BookingFilterState = useMemo(
    () => ({
      period,
      from: params.get('f_from') ?? '',
      to: params.get('f_to') ?? '',
      status: params.get('f_status')?.split(',').filter(Boolean) ?? [],
      operator: params.get('f_operator') ? Number(params.get('f_operator')) : null,
      q: params.get('f_q') ?? '',
      drafts: params.get('f_drafts') === '1',
    }),
    [params, period],
  )
  const set = (patch: Partial<Record<string, string>>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        for (const [k, v] of Object.entries(patch)) {
          if (v) next.set(k, v)
          else next.delete(k)
        }
        next.delete('currentPage') // new filters start from the first page
        return next
      },
      { replace: true },
    )
  // "Now" is taken when the filters change (a reload or any filter brings the list up to date).
  const filters: CrudFilter[] = useMemo(() => bookingFilters(state, new Date(), timeZone), [state, timeZone])
  const setPeriod = (value: BookingPeriod) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        if (value === DEFAULT_PERIOD) next.delete('f_period')
        else next.set('f_period', value)
        for (const key of [...next.keys()]) if (isSortKey(key)) next.delete(key)
        next.delete('currentPage')
        return next
      },
      { replace: true },
    )
  // The choice is of this page's rows: a new page, filter or order starts with none.
  const paramsKey = params.toString()
  const [choice, setChoice] = useState<{ of: string; rows: BookingRow[] }>({ of: paramsKey, rows: [] })
  const selected = choice.of === paramsKey ? choice.rows : []
  const setSelected = (rows: BookingRow[]) => setChoice({ of: paramsKey, rows })
  const selection: RowSelection<BookingRow> = {
    canSelect: (r) => r.status === 'PENDING',
    selected,
    onChange: setSelected,
    rowLabel: (r) => t('bulk.selectRow', { who: formatRelation(r.user), when: whenOf(r, t, timeZone) }),
    allLabel: t('bulk.selectAll'),
  }
  // The agenda's old address (`?view=agenda&mode=&date=&operator=`): its own page now.
  const legacyAgenda = legacyAgendaPath(params)
  if (legacyAgenda) return <Navigate to={legacyAgenda} replace />

  return (
    <List
      title={<Title order={3}>{t('resources.booking')}</Title>}
      breadcrumb={false}
      headerButtons={({ defaultButtons }) => <Group spacing="xs">{defaultButtons}</Group>}
    >
      <Stack spacing={4} mb="md">
        <SegmentedControl
          aria-label={t('booking.period')}
          value={period}
          onChange={(v) => setPeriod(v as BookingPeriod)}
          data={BOOKING_PERIODS.map((p) => ({ value: p, label: t(`booking.period.${p}`) }))}
          sx={{ alignSelf: 'flex-start' }}
        />
        <Text size="sm" sx={(theme) => ({ color: theme.colors.gray[7] })}>
          {t(`booking.periodHelp.${period}`)}
        </Text>
      </Stack>
      <Group align="flex-end" spacing="sm" mb="md">
        <DateRangeFields
          fromLabel={t('columns.from')}
          toLabel={t('columns.to')}
          from={state.from}
          to={state.to}
          onChange={({ from, to }) => set({ f_from: from, f_to: to })}
        />
        <MultiSelect
          label={t('columns.status')}
          data={statusOptions}
          value={state.status}
          onChange={(v) => set({ f_status: v.join(',') })}
          placeholder={t('common.all')}
          clearable
          clearButtonLabel={t('booking.allStatuses')}
          sx={{ minWidth: 220 }}
        />
        <RelationSelect
          label={t('columns.operator')}
          resource="operator"
          optionLabel="name"
          placeholder={t('common.all')}
          value={state.operator}
          onChange={(v) => set({ f_operator: v ? String(v) : '' })}
        />
        <TextInput
          label={t('common.search')}
          placeholder={t('booking.searchPlaceholder')}
          icon={<IconSearch size={16} />}
          defaultValue={state.q}
          onKeyDown={(e) => {
            if (e.key === 'Enter') set({ f_q: e.currentTarget.value.trim() })
          }}
          onBlur={(e) => set({ f_q: e.currentTarget.value.trim() })}
        />
        <Switch
          label={t('booking.showDrafts')}
          checked={state.drafts}
          onChange={(e) => set({ f_drafts: e.currentTarget.checked ? '1' : '' })}
          mb={8}
        />
        <Button
          variant="subtle"
          onClick={() => setParams(new URLSearchParams(), { replace: true })}
          disabled={!FILTER_KEYS.some((k) => params.has(k))}
        >
          {t('booking.resetFilters')}
        </Button>
      </Group>
      <BulkActions
        selected={selected}
        onClear={() => setSelected([])}
        timeZone={timeZone}
        hint={period !== 'past' && (state.status.length === 0 || state.status.includes('PENDING'))}
      />
      <RecordTable<BookingRow>
        // A new period brings its own order: the table starts again from it.
        key={period}
        resource="booking"
        columns={columns(t, timeZone)}
        syncWithLocation
        caption={t('resources.booking')}
        filters={filters}
        initialSorters={periodSort(period)}
        meta={{ depth: 1 }}
        selection={selection}
      />
    </List>
  )
}
