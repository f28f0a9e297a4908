import { useState, type ReactNode } from 'react'
import { TextInput, type TextInputProps } from '@mantine/core'
import { orderedRange, pickDay, refusedDay, type DayLimits } from '@salon/shared/datePicking'
import { getLocale, INTL_LOCALE, type Locale } from '../../i18n/locale'
import { tr } from '../../i18n/translate'
import { useT } from '../../i18n/use-t'
import { formatCalendarDay } from '../../lib/format'

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
  /** Mantine styles of the input (a touch-sized field: `{ input: { minHeight: 44 } }`). */
  styles?: TextInputProps['styles']
}

/** `2026-12-31` → `31/12/2026` (both `en-GB` and `it-IT` write days this way). */
const shortDay = (day: string, locale: Locale) =>
  formatCalendarDay(day, INTL_LOCALE[locale], { day: '2-digit', month: '2-digit', year: 'numeric' })

export function refusalText(
  reason: ReturnType<typeof refusedDay>,
  { min, max }: DayLimits,
  locale: Locale = getLocale(),
): string {
  if (reason === 'min' && min) return tr('date.fromOn', { day: shortDay(min, locale) }, locale)
  if (reason === 'max' && max) return tr('date.until', { day: shortDay(max, locale) }, locale)
  if (reason === 'disabled') return tr('date.disabled', undefined, locale)
  return tr('date.invalid', undefined, locale)
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
  styles,
}: DateFieldProps) {
  const t = useT()
  const [refusal, setRefusal] = useState<string | null>(null)
  const limits = { min, max, disabled }
  return (
    <TextInput
      type="date"
      label={label}
      name={name}
      mt={mt}
      styles={styles}
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
        setRefusal(reason ? refusalText(reason, limits, t.locale) : null)
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
  styles?: TextInputProps['styles']
}

/** Two day pickers for a range; a start later than the end is swapped (spec §5). */
export function DateRangeFields(props: DateRangeFieldsProps) {
  const { fromLabel, toLabel, from, to, onChange, fromRequired, toRequired, fromError, toError, styles, ...limits } =
    props
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
        styles={styles}
        {...limits}
        onChange={(d) => set(d, to)}
      />
      <DateField
        label={toLabel}
        value={to}
        required={toRequired}
        error={toError}
        styles={styles}
        {...limits}
        onChange={(d) => set(from, d)}
      />
    </>
  )
}
