import { useState, type ReactNode } from 'react'
import { TextInput } from '@mantine/core'
import { orderedRange, pickDay, refusedDay, type DayLimits } from '@salon/shared/datePicking'

/**
 * The dashboard's day pickers (spec §5, rules in `@salon/shared/datePicking`): the browser's own
 * date input (keyboard and screen-reader friendly, no calendar library to download) with the
 * spec's behaviour on top — a day outside `min`/`max` or in `disabled` is refused with a short
 * reason and the picker keeps its value; a required picker keeps its value when cleared; a range
 * whose start is after its end is swapped. Values are local days, `YYYY-MM-DD`.
 */

export interface DateFieldProps extends DayLimits {
  label: string
  value: string
  onChange: (day: string) => void
  required?: boolean
  error?: ReactNode
  description?: ReactNode
  mt?: string
  /** Extra props for the input (test ids, aria). */
  name?: string
}

const itDay = (day: string) => {
  const [y, m, d] = day.split('-')
  return `${d}/${m}/${y}`
}

export function refusalText(reason: ReturnType<typeof refusedDay>, { min, max }: DayLimits): string {
  if (reason === 'min' && min) return `Scegli un giorno dal ${itDay(min)} in poi`
  if (reason === 'max' && max) return `Scegli un giorno entro il ${itDay(max)}`
  if (reason === 'disabled') return 'Questo giorno non si può scegliere'
  return 'Data non valida'
}

export function DateField({
  label,
  value,
  onChange,
  required,
  error,
  description,
  min,
  max,
  disabled,
  mt,
  name,
}: DateFieldProps) {
  const [refusal, setRefusal] = useState<string | null>(null)
  const limits = { min, max, disabled }
  return (
    <TextInput
      type="date"
      label={label}
      name={name}
      mt={mt}
      required={required}
      description={description}
      min={min}
      max={max}
      value={value}
      error={error ?? refusal}
      onChange={(e) => {
        const typed = e.currentTarget.value
        const next = pickDay(value, typed, { ...limits, required })
        const reason = typed ? refusedDay(typed, limits) : undefined
        setRefusal(reason ? refusalText(reason, limits) : null)
        if (next !== value) onChange(next)
        // A refused or cleared value: the input shows the kept value again.
        else if (typed !== value) e.currentTarget.value = value
      }}
    />
  )
}

export interface DateRangeFieldsProps extends DayLimits {
  fromLabel: string
  toLabel: string
  from: string
  to: string
  onChange: (range: { from: string; to: string }) => void
  fromRequired?: boolean
  toRequired?: boolean
  fromError?: ReactNode
  toError?: ReactNode
}

/** Two day pickers for a range; a start later than the end is swapped (spec §5). */
export function DateRangeFields(props: DateRangeFieldsProps) {
  const { fromLabel, toLabel, from, to, onChange, fromRequired, toRequired, fromError, toError, ...limits } = props
  const set = (f: string, t: string) => {
    const [a, b] = orderedRange(f, t)
    onChange({ from: a, to: b })
  }
  return (
    <>
      <DateField
        label={fromLabel}
        value={from}
        required={fromRequired}
        error={fromError}
        {...limits}
        onChange={(d) => set(d, to)}
      />
      <DateField
        label={toLabel}
        value={to}
        required={toRequired}
        error={toError}
        {...limits}
        onChange={(d) => set(from, d)}
      />
    </>
  )
}
