import { Title } from '@mantine/core'
import { List } from '@refinedev/mantine'
import { BooleanBadge } from '../../components/cells'
import { RecordTable, type TableColumn } from '../../components/record-table'
import { EMPTY, formatMinutes, formatMoney } from '../../lib/format'
import { useT, type T } from '../../i18n/use-t'

/** A service as the list needs it (depth 0). */
export interface ServiceRow {
  id: number
  title: string
  time: number
  price: number
  active?: boolean
}

const columns = (t: T): TableColumn<ServiceRow>[] => [
  { field: 'title', label: t('columns.service'), render: (s) => s.title || EMPTY },
  { field: 'time', label: t('columns.duration'), align: 'right', render: (s) => formatMinutes(s.time) },
  { field: 'price', label: t('columns.price'), align: 'right', render: (s) => formatMoney(s.price, t.locale) },
  { field: 'active', label: t('columns.active'), render: (s) => <BooleanBadge value={s.active} /> },
]

export default function ServiceList() {
  const t = useT()
  return (
    <List title={<Title order={3}>{t('resources.service')}</Title>} breadcrumb={false}>
      <RecordTable<ServiceRow>
        resource="service"
        columns={columns(t)}
        syncWithLocation
        caption={t('resources.service')}
      />
    </List>
  )
}
