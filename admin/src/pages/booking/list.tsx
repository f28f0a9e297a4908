import { useMemo } from 'react'
import { Button, Group, MultiSelect, Switch, TextInput, Title } from '@mantine/core'
import type { CrudFilter } from '@refinedev/core'
import { List } from '@refinedev/mantine'
import { RESERVATION_STATUSES } from '@salon/shared'
import { IconSearch } from '@tabler/icons-react'
import { Navigate, useSearchParams } from 'react-router'
import { RelationSelect } from '../../components/form/fields'
import { RecordTable, type TableColumn } from '../../components/record-table'
import { StatusBadge } from '../../components/status-badge'
import { EMPTY, formatDateTime, formatMoney, formatRelation } from '../../lib/format'
import { DateRangeFields } from '../../components/form/date-fields'
import { bookingFilters, type BookingFilterState } from './filters'
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

const columns = (t: T): TableColumn<BookingRow>[] => [
  {
    field: 'date_start',
    label: t('columns.when'),
    render: (r) => (r.date_start ? formatDateTime(r.date_start) : t('booking.noTime')),
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

/**
 * /dashboard/booking: every booking, newest first, with a filter bar whose state lives in the URL
 * (`f_from`, `f_to`, `f_status`, `f_operator`, `f_q`, `f_drafts`) so a filtered list can be
 * bookmarked, shared and reloaded. Drafts (booking sessions never confirmed) are hidden unless
 * asked for.
 */
export default function BookingList() {
  const t = useT()
  const statusOptions = RESERVATION_STATUSES.map((s) => ({ value: s, label: t.glossary.status(s) }))
  const [params, setParams] = useSearchParams()
  const state: BookingFilterState = useMemo(
    () => ({
      from: params.get('f_from') ?? '',
      to: params.get('f_to') ?? '',
      status: params.get('f_status')?.split(',').filter(Boolean) ?? [],
      operator: params.get('f_operator') ? Number(params.get('f_operator')) : null,
      q: params.get('f_q') ?? '',
      drafts: params.get('f_drafts') === '1',
    }),
    [params],
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
  const filters: CrudFilter[] = useMemo(() => bookingFilters(state), [state])
  // The agenda's old address (`?view=agenda&mode=&date=&operator=`): its own page now.
  const legacyAgenda = legacyAgendaPath(params)
  if (legacyAgenda) return <Navigate to={legacyAgenda} replace />

  return (
    <List
      title={<Title order={3}>{t('resources.booking')}</Title>}
      breadcrumb={false}
      headerButtons={({ defaultButtons }) => <Group spacing="xs">{defaultButtons}</Group>}
    >
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
          disabled={!['f_from', 'f_to', 'f_status', 'f_operator', 'f_q', 'f_drafts'].some((k) => params.has(k))}
        >
          {t('booking.resetFilters')}
        </Button>
      </Group>
      <RecordTable<BookingRow>
        resource="booking"
        columns={columns(t)}
        syncWithLocation
        caption={t('resources.booking')}
        filters={filters}
        meta={{ depth: 1 }}
      />
    </List>
  )
}
