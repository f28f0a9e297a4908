import type { ReactNode } from 'react'
import { Link } from 'react-router'
import {
  Alert,
  Anchor,
  Box,
  Button,
  Checkbox,
  Group,
  LoadingOverlay,
  Pagination,
  ScrollArea,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core'
import {
  type BaseRecord,
  type CrudFilter,
  type CrudSort,
  type HttpError,
  useNavigation,
  useResourceParams,
  useTable,
} from '@refinedev/core'
import { IconAlertCircle, IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react'
import type { SalonResourceMeta } from '../resources'
import { useT } from '../i18n/use-t'

export interface TableColumn<T extends BaseRecord = BaseRecord> {
  field: string
  label: string
  /** Server-side sorting on `field` (default true). */
  sortable?: boolean
  align?: 'left' | 'right' | 'center'
  render?: (record: T) => ReactNode
}

export interface RecordTableProps<T extends BaseRecord = BaseRecord> {
  /** Resource identifier (see resources.ts); its meta gives permanent filters and initial sort. */
  resource: string
  /** Fixed columns, or columns chosen once the first record is known. */
  columns: TableColumn<T>[] | ((first: T | undefined) => TableColumn<T>[])
  /** Page and sort in the URL (only for the page's main table). */
  syncWithLocation?: boolean
  pageSize?: number
  /** Accessible name of the table. */
  caption?: string
  /** Filters of the page's own filter bar, on top of the resource's permanent ones. */
  filters?: CrudFilter[]
  /** Passed to the data provider (e.g. `{ depth: 1 }` to populate relations). */
  meta?: Record<string, unknown>
  /** The order to start with, instead of the resource's (a sort in the URL still wins). */
  initialSorters?: CrudSort[]
  /** Rows that can be chosen for an action on several at once (a checkbox column). */
  selection?: RowSelection<T>
}

export interface RowSelection<T extends BaseRecord = BaseRecord> {
  /** Which rows can be chosen (e.g. pending requests); the others get no checkbox. */
  canSelect: (record: T) => boolean
  /** The chosen rows (of this page). */
  selected: readonly T[]
  onChange: (rows: T[]) => void
  /** Accessible name of a row's checkbox ("Choose Anna Verdi, Thu 24 Dec 2026, 19:00"). */
  rowLabel: (record: T) => string
  /** Accessible name of the header's checkbox ("Choose all pending requests on this page"). */
  allLabel: string
}

/** The names of a Pagination's buttons ("Page 2", "Next page"), for every paged list. */
export const paginationLabel =
  (t: ReturnType<typeof useT>) => (page: number | 'dots' | 'prev' | 'next' | 'first' | 'last') =>
    page === 'prev'
      ? t('table.prevPage')
      : page === 'next'
        ? t('table.nextPage')
        : page === 'first'
          ? t('table.firstPage')
          : page === 'last'
            ? t('table.lastPage')
            : page === 'dots'
              ? t('table.morePages')
              : t('table.page', { page })

const nextOrder = (current: CrudSort | undefined): CrudSort['order'] | undefined =>
  !current ? 'asc' : current.order === 'asc' ? 'desc' : undefined

/**
 * A resource's records from the data provider in a Mantine table: server-side pagination and
 * sorting (click a header: ascending, descending, off), loading and error states.
 */
export function RecordTable<T extends BaseRecord = BaseRecord>({
  resource,
  columns,
  syncWithLocation = false,
  pageSize = 20,
  caption,
  filters,
  meta: queryMeta,
  initialSorters,
  selection,
}: RecordTableProps<T>) {
  const t = useT()
  const { resource: item } = useResourceParams({ resource })
  const meta = (item?.meta ?? {}) as Partial<SalonResourceMeta>

  const { tableQuery, result, currentPage, setCurrentPage, pageCount, sorters, setSorters } = useTable<T, HttpError>({
    resource,
    syncWithLocation,
    pagination: { pageSize },
    sorters: { initial: initialSorters ?? meta.initialSorters },
    filters: { permanent: [...(meta.permanentFilters ?? []), ...(filters ?? [])] },
    meta: queryMeta,
  })

  const records = result.data
  const { editUrl } = useNavigation()
  // Resources with an edit screen: the first cell of every row is a link to it (a real link:
  // keyboard, middle-click and screen readers work, and it stays on screen on a phone where the
  // last columns scroll away).
  const editable = !!item?.edit
  const base = typeof columns === 'function' ? columns(records[0]) : columns
  const cols: TableColumn<T>[] =
    editable && base.length
      ? [
          {
            ...base[0]!,
            render: (record) => {
              const content = base[0]!.render ? base[0]!.render(record) : String(record[base[0]!.field] ?? '—')
              return record.id === undefined ? (
                content
              ) : (
                <Anchor component={Link} to={editUrl(resource, record.id)} weight={600}>
                  {content}
                </Anchor>
              )
            },
          },
          ...base.slice(1),
        ]
      : base
  const activeSort = (field: string) => sorters.find((s) => s.field === field)

  const selectable = selection ? records.filter(selection.canSelect) : []
  const isSelected = (record: T) => !!selection?.selected.some((r) => r.id === record.id)
  const chosenHere = selectable.filter(isSelected).length
  const toggleRow = (record: T, on: boolean) =>
    selection?.onChange(
      on
        ? [...selection.selected.filter((r) => r.id !== record.id), record]
        : selection.selected.filter((r) => r.id !== record.id),
    )

  const toggleSort = (field: string) => {
    const order = nextOrder(activeSort(field))
    setSorters(order ? [{ field, order }] : [])
    setCurrentPage(1) // a new order starts from its first page
  }

  if (tableQuery.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('table.loadError')}>
        <Text size="sm">{tableQuery.error?.message}</Text>
        <Button mt="sm" size="xs" variant="light" color="red" onClick={() => tableQuery.refetch()}>
          {t('common.retry')}
        </Button>
      </Alert>
    )
  }

  return (
    <Box pos="relative">
      <LoadingOverlay visible={tableQuery.isFetching} overlayBlur={1} />
      <ScrollArea type="auto">
        <Table
          striped
          highlightOnHover
          verticalSpacing="sm"
          aria-label={caption ?? meta.label}
          // A phone (≤ 575 px): cells as narrow as the header's (4 px a side), and a sortable
          // column's idle ⇅ hint hidden (the header stays a button; the sorted one keeps its
          // arrow), so a table of four short columns such as the services fits 360 px without
          // scrolling sideways (admin/README.md). Figures (right-aligned) never break ("120 min").
          sx={(theme) => ({
            '& td[data-align="right"]': { whiteSpace: 'nowrap' },
            [theme.fn.smallerThan('sm')]: {
              '& thead tr th, & tbody tr td': { paddingLeft: 4, paddingRight: 4 },
              '& .record-table__idle-sort': { display: 'none' },
            },
          })}
        >
          <thead>
            <tr>
              {selection && (
                <th style={{ width: 44 }}>
                  <Checkbox
                    size="md"
                    aria-label={selection.allLabel}
                    title={selection.allLabel}
                    disabled={selectable.length === 0}
                    checked={selectable.length > 0 && chosenHere === selectable.length}
                    indeterminate={chosenHere > 0 && chosenHere < selectable.length}
                    onChange={(e) => selection.onChange(e.currentTarget.checked ? selectable : [])}
                  />
                </th>
              )}
              {cols.map((col) => {
                const sort = activeSort(col.field)
                const Icon = !sort ? IconSelector : sort.order === 'asc' ? IconChevronUp : IconChevronDown
                return (
                  <th
                    key={col.field}
                    style={{ textAlign: col.align ?? 'left', whiteSpace: 'nowrap' }}
                    aria-sort={sort ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {col.sortable === false ? (
                      col.label
                    ) : (
                      <UnstyledButton
                        onClick={() => toggleSort(col.field)}
                        sx={{ fontWeight: 700, fontSize: 'inherit' }}
                      >
                        <Group spacing={4} noWrap>
                          {col.label}
                          <Icon size={14} aria-hidden className={sort ? undefined : 'record-table__idle-sort'} />
                        </Group>
                      </UnstyledButton>
                    )}
                  </th>
                )
              })}
            </tr>
          </thead>
          <tbody>
            {records.map((record, index) => (
              <tr key={record.id ?? index}>
                {selection && (
                  <td>
                    {selection.canSelect(record) && (
                      <Checkbox
                        size="md"
                        aria-label={selection.rowLabel(record)}
                        checked={isSelected(record)}
                        onChange={(e) => toggleRow(record, e.currentTarget.checked)}
                      />
                    )}
                  </td>
                )}
                {cols.map((col) => (
                  <td key={col.field} data-align={col.align} style={{ textAlign: col.align ?? 'left' }}>
                    {col.render ? col.render(record) : String(record[col.field] ?? '—')}
                  </td>
                ))}
              </tr>
            ))}
            {!tableQuery.isLoading && records.length === 0 && (
              <tr>
                <td colSpan={cols.length + (selection ? 1 : 0)}>
                  <Text color="dimmed" align="center" py="md">
                    {t('table.empty')}
                  </Text>
                </td>
              </tr>
            )}
          </tbody>
        </Table>
      </ScrollArea>
      <Group position="apart" mt="md">
        <Text size="sm" color="dimmed">
          {typeof result.total === 'number'
            ? t(result.total === 1 ? 'table.countOne' : 'table.countMany', {
                count: new Intl.NumberFormat(t.intl).format(result.total),
              })
            : ''}
        </Text>
        {pageCount > 1 && (
          <Pagination
            page={currentPage}
            onChange={setCurrentPage}
            total={pageCount}
            size="sm"
            getItemAriaLabel={paginationLabel(t)}
          />
        )}
      </Group>
    </Box>
  )
}
