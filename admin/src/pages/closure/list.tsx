import { Box, Title } from '@mantine/core'
import { List } from '@refinedev/mantine'
import { BooleanBadge } from '../../components/cells'
import { RecordTable, type TableColumn } from '../../components/record-table'
import { useSalonConfig } from '../../hooks/use-salon'
import { useT, type T } from '../../i18n/use-t'
import { describeClosureWhen, type ClosureRow } from './describe'

interface Row extends ClosureRow {
  id: number
  name?: string | null
  is_active?: boolean | null
}

const columns = (t: T, timeZone: string): TableColumn<Row>[] => [
  { field: 'name', label: t('columns.name'), render: (r) => r.name || '—' },
  {
    field: 'closure_type',
    label: t('columns.type'),
    render: (r) => (r.closure_type ? (t.glossary.closureType[r.closure_type] ?? r.closure_type) : '—'),
  },
  // Sorting "when" sorts by the first day (start_date).
  {
    field: 'start_date',
    label: t('columns.when'),
    // A recurring closure's parts (hours · repetition · since) on lines of their own: readable on a phone.
    render: (r) => (
      <Box sx={{ minWidth: 160 }}>
        {describeClosureWhen(r, t.locale, timeZone)
          .split(' · ')
          .map((part, i) => (
            <div key={i}>{part}</div>
          ))}
      </Box>
    ),
  },
  { field: 'is_active', label: t('columns.activeF'), render: (r) => <BooleanBadge value={r.is_active} /> },
]

/**
 * /dashboard/config/business-closure: each closure with the glossary's type and its dates as
 * dates — whole days, a day's hours on the salon's clock, or a repetition in words — never an
 * instant (see describe.ts).
 */
export default function ClosureList() {
  const t = useT()
  const { timeZone } = useSalonConfig()
  return (
    <List title={<Title order={3}>{t('resources.business-closure')}</Title>} breadcrumb={false}>
      <RecordTable<Row>
        resource="business-closure"
        columns={columns(t, timeZone)}
        syncWithLocation
        caption={t('resources.business-closure')}
      />
    </List>
  )
}
