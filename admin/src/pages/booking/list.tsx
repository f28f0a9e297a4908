import { useMemo } from 'react'
import { Button, Group, MultiSelect, Switch, TextInput, Title } from '@mantine/core'
import type { CrudFilter } from '@refinedev/core'
import { List } from '@refinedev/mantine'
import { RESERVATION_STATUSES, statusLabelIt } from '@salon/shared'
import { IconSearch } from '@tabler/icons-react'
import { useSearchParams } from 'react-router'
import { RelationSelect } from '../../components/form/fields'
import { RecordTable, type TableColumn } from '../../components/record-table'
import { StatusBadge } from '../../components/status-badge'
import { EMPTY, formatDateTime, formatMoney, formatRelation } from '../../lib/format'
import { DateRangeFields } from '../../components/form/date-fields'
import { bookingFilters, type BookingFilterState } from './filters'

interface BookingRow {
  id: number
  date_start?: string | null
  status: string
  total_price?: number
  user?: unknown
  operator?: unknown
  services?: unknown
}

const columns: TableColumn<BookingRow>[] = [
  {
    field: 'date_start',
    label: 'Quando',
    render: (r) => (r.date_start ? formatDateTime(r.date_start) : 'Senza orario'),
  },
  { field: 'user', label: 'Cliente', sortable: false, render: (r) => formatRelation(r.user) },
  { field: 'services', label: 'Servizi', sortable: false, render: (r) => formatRelation(r.services) },
  { field: 'operator', label: 'Operatore', sortable: false, render: (r) => formatRelation(r.operator) },
  { field: 'status', label: 'Stato', render: (r) => <StatusBadge status={r.status} /> },
  { field: 'total_price', label: 'Totale', align: 'right', render: (r) => formatMoney(r.total_price) ?? EMPTY },
]

const STATUS_OPTIONS = RESERVATION_STATUSES.map((s) => ({ value: s, label: statusLabelIt(s) }))

/**
 * /dashboard/booking: every booking, newest first, with a filter bar whose state lives in the URL
 * (`f_from`, `f_to`, `f_status`, `f_operator`, `f_q`, `f_drafts`) so a filtered list can be
 * bookmarked, shared and reloaded. Drafts (booking sessions never confirmed) are hidden unless
 * asked for.
 */
export default function BookingList() {
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

  return (
    <List title={<Title order={3}>Prenotazioni</Title>} breadcrumb={false}>
      <Group align="flex-end" spacing="sm" mb="md">
        <DateRangeFields
          fromLabel="Dal"
          toLabel="Al"
          from={state.from}
          to={state.to}
          onChange={({ from, to }) => set({ f_from: from, f_to: to })}
        />
        <MultiSelect
          label="Stato"
          data={STATUS_OPTIONS}
          value={state.status}
          onChange={(v) => set({ f_status: v.join(',') })}
          placeholder="Tutti"
          clearable
          clearButtonLabel="Tutti gli stati"
          sx={{ minWidth: 220 }}
        />
        <RelationSelect
          label="Operatore"
          resource="operator"
          optionLabel="name"
          placeholder="Tutti"
          value={state.operator}
          onChange={(v) => set({ f_operator: v ? String(v) : '' })}
        />
        <TextInput
          label="Cerca"
          placeholder="Cliente, e-mail o nota"
          icon={<IconSearch size={16} />}
          defaultValue={state.q}
          onKeyDown={(e) => {
            if (e.key === 'Enter') set({ f_q: e.currentTarget.value.trim() })
          }}
          onBlur={(e) => set({ f_q: e.currentTarget.value.trim() })}
        />
        <Switch
          label="Mostra le bozze"
          checked={state.drafts}
          onChange={(e) => set({ f_drafts: e.currentTarget.checked ? '1' : '' })}
          mb={8}
        />
        <Button
          variant="subtle"
          onClick={() => setParams(new URLSearchParams(), { replace: true })}
          disabled={!['f_from', 'f_to', 'f_status', 'f_operator', 'f_q', 'f_drafts'].some((k) => params.has(k))}
        >
          Azzera filtri
        </Button>
      </Group>
      <RecordTable<BookingRow>
        resource="booking"
        columns={columns}
        syncWithLocation
        caption="Prenotazioni"
        filters={filters}
        meta={{ depth: 1 }}
      />
    </List>
  )
}
