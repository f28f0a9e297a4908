import { Title } from '@mantine/core'
import { useResourceParams, type BaseRecord } from '@refinedev/core'
import { List } from '@refinedev/mantine'
import { renderValue } from '../../components/cells'
import { RecordTable, type TableColumn } from '../../components/record-table'
import { inferColumns } from '../../lib/format'
import type { ColumnDef, SalonResourceMeta } from '../../resources'
import type { MessageKey } from '../../i18n/en'
import { useT, type T } from '../../i18n/use-t'

/** Column definitions → table columns, headers and enum values in the reader's language. */
export const toTableColumns = (defs: ColumnDef[], t: T): TableColumn[] =>
  defs.map((def) => ({
    field: def.field,
    // A dictionary key; an inferred column's humanised field name comes back unchanged.
    label: t(def.label as MessageKey),
    sortable: def.sortable ?? !(def.kind === 'relation' || def.kind === 'image'),
    align: def.kind === 'money' || def.kind === 'number' || def.kind === 'minutes' ? 'right' : 'left',
    render: (record: BaseRecord) => {
      const value = record[def.field]
      return def.glossary && typeof value === 'string'
        ? ((t.glossary[def.glossary] as Record<string, string>)[value] ?? value)
        : renderValue(value, def.kind)
    },
  }))

/** Columns of `meta.columns` (plus id), or picked from the first record. */
export function resourceColumns(meta: Partial<SalonResourceMeta>, t: T) {
  return (first: BaseRecord | undefined): TableColumn[] =>
    // The id comes last: the first column carries the link to the record, and a name reads better than a number.
    toTableColumns(
      meta.columns ? [...meta.columns, { field: 'id', label: 'columns.id', kind: 'number' }] : inferColumns(first),
      t,
    )
}

/** A resource's records, read-only, for the resources whose own screens come in later issues. */
export function ResourceTable({
  resource,
  syncWithLocation = false,
}: {
  resource: string
  syncWithLocation?: boolean
}) {
  const t = useT()
  const { resource: item } = useResourceParams({ resource })
  const meta = (item?.meta ?? {}) as Partial<SalonResourceMeta>
  return <RecordTable resource={resource} columns={resourceColumns(meta, t)} syncWithLocation={syncWithLocation} />
}

export default function GenericListPage() {
  const { identifier, resource } = useResourceParams()
  const label = (resource?.meta as Partial<SalonResourceMeta> | undefined)?.label ?? identifier ?? ''
  if (!identifier) return null
  return (
    <List title={<Title order={3}>{label}</Title>} breadcrumb={false}>
      <ResourceTable resource={identifier} syncWithLocation />
    </List>
  )
}
