import { Title } from '@mantine/core'
import { List } from '@refinedev/mantine'
import { BooleanBadge } from '../../components/cells'
import { RecordTable, type TableColumn } from '../../components/record-table'
import { EMPTY, formatMinutes, formatMoney } from '../../lib/format'

/** A service as the list needs it (depth 0). */
export interface ServiceRow {
  id: number
  title: string
  time: number
  price: number
  active?: boolean
}

const columns: TableColumn<ServiceRow>[] = [
  { field: 'title', label: 'Servizio', render: (s) => s.title || EMPTY },
  { field: 'time', label: 'Durata', align: 'right', render: (s) => formatMinutes(s.time) },
  { field: 'price', label: 'Prezzo', align: 'right', render: (s) => formatMoney(s.price) },
  { field: 'active', label: 'Attivo', render: (s) => <BooleanBadge value={s.active} /> },
]

export default function ServiceList() {
  return (
    <List title={<Title order={3}>Servizi</Title>} breadcrumb={false}>
      <RecordTable<ServiceRow> resource="service" columns={columns} syncWithLocation caption="Servizi" />
    </List>
  )
}
