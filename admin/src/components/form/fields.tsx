import type { ReactNode } from 'react'
import { MultiSelect, NumberInput, Select, SimpleGrid } from '@mantine/core'
import type { CrudFilter } from '@refinedev/core'
import { useSelect } from '@refinedev/mantine'
import { useT } from '../../i18n/use-t'

/**
 * The dashboard's form fields beyond Mantine's own inputs: one component per kind of value, used
 * by every form (no page-specific copies). Values are what the API stores — ids as numbers, money
 * in euro, durations in minutes — whatever Mantine's inputs work with inside.
 */

/**
 * Fields side by side (`cols`, one column below `md` for three, below `sm` for two), their inputs
 * on one line: each cell sits at the bottom of its row, so a longer label or help text above one
 * field does not push its input below its neighbours'.
 */
export function FieldGrid({ cols = 2, children }: { cols?: 2 | 3; children: ReactNode }) {
  return (
    <SimpleGrid cols={cols} breakpoints={[{ maxWidth: cols === 3 ? 'md' : 'sm', cols: 1 }]} sx={{ alignItems: 'end' }}>
      {children}
    </SimpleGrid>
  )
}

interface FieldProps<V> {
  /** The input's id (to move the focus to it). */
  id?: string
  label: string
  value: V
  onChange: (value: V) => void
  error?: ReactNode
  description?: ReactNode
  required?: boolean
  placeholder?: string
}

interface RelationProps {
  /** Refine resource identifier (resources.ts). */
  resource: string
  /** The record field shown as the option's label (and searched, unless `searchField` says otherwise). */
  optionLabel: string
  /** A richer label than one field ("Anna Verdi · anna@…"). */
  labelOf?: (record: Record<string, unknown>) => string
  searchField?: string
  /** Always applied (e.g. the image field leaves out customers' profile photos). */
  filters?: CrudFilter[]
}

/** The records of `resource` as Mantine options (string values), the current value's label included. */
function useRelationOptions(
  { resource, optionLabel, labelOf, searchField, filters }: RelationProps,
  current: number | number[] | undefined,
) {
  const { selectProps } = useSelect<Record<string, unknown> & { id: number }>({
    resource,
    optionLabel: (item) => (labelOf ? labelOf(item) : String(item[optionLabel] ?? '')),
    searchField: searchField ?? optionLabel,
    optionValue: 'id',
    defaultValue: current,
    filters,
    pagination: { pageSize: 100 },
    sorters: [{ field: optionLabel, order: 'asc' }],
  })
  const data = selectProps.data.map((o) => ({ label: String(o.label ?? ''), value: String(o.value) }))
  return { selectProps, data }
}

/** One related record (a service's category…): searchable, clearable, stored as its id or null. */
export function RelationSelect({
  resource,
  optionLabel,
  labelOf,
  searchField,
  filters,
  value,
  onChange,
  ...rest
}: FieldProps<number | null | undefined> & RelationProps) {
  const t = useT()
  const { selectProps, data } = useRelationOptions(
    { resource, optionLabel, labelOf, searchField, filters },
    value ?? undefined,
  )
  return (
    <Select
      {...selectProps}
      {...rest}
      data={data}
      value={value === null || value === undefined ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null)}
      nothingFound={t('common.noResults')}
      clearButtonLabel={t('common.clearChoice')}
    />
  )
}

/** Several related records (the operators who perform a service…), stored as ids in the chosen order. */
export function RelationMultiSelect({
  resource,
  optionLabel,
  labelOf,
  searchField,
  value,
  onChange,
  ...rest
}: FieldProps<number[] | undefined> & RelationProps) {
  const t = useT()
  const { data } = useRelationOptions({ resource, optionLabel, labelOf, searchField }, value ?? [])
  return (
    <MultiSelect
      {...rest}
      searchable
      clearable
      data={data}
      value={(value ?? []).map(String)}
      onChange={(v) => onChange(v.map(Number))}
      nothingFound={t('common.noResults')}
      clearButtonLabel={t('common.clearChoice')}
    />
  )
}

/** Euro with cents (the decimal separator of the dashboard's language). */
export function MoneyInput(props: FieldProps<number | undefined>) {
  const t = useT()
  return (
    <NumberInput
      {...props}
      hideControls
      precision={2}
      step={1}
      min={0}
      decimalSeparator={t.locale === 'it' ? ',' : '.'}
      rightSection="€"
    />
  )
}

/** Whole minutes. */
export function MinutesInput(props: FieldProps<number | undefined>) {
  return <NumberInput {...props} hideControls step={5} min={0} rightSection="min" rightSectionWidth={44} />
}
