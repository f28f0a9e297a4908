import { useMemo } from 'react'
import {
  Chip,
  Group,
  List as MantineList,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { useResourceParams } from '@refinedev/core'
import { useForm } from '@refinedev/mantine'
import {
  BUSINESS_CLOSURE_TYPES,
  CONFIG_DEFAULTS,
  FREQ_OF_TYPE,
  RRULE_WEEKDAYS,
  closurePreview,
  defaultRecurrence,
  fromRRule,
  toRRule,
  type BusinessClosureType,
  type RecurrenceChoice,
  type RRuleWeekday,
} from '@salon/shared'
import { DateField, DateRangeFields } from '../../components/form/date-fields'
import { DeleteRecord, FormPage } from '../../components/form/form-page'
import { tr } from '../../i18n/translate'
import { useT } from '../../i18n/use-t'
import { useSalonConfig } from '../../hooks/use-salon'
import { salonFields, salonInstant } from '../../lib/salon-time'
import { formatCalendarDay, formatClock } from '../../lib/format'

export type Values = {
  name: string
  description: string
  closure_type: BusinessClosureType
  /** FULL_DAY: first and last day. RECURRING_*: the first occurrence's day. */
  fromDay: string
  toDay: string
  /** PARTIAL_DAY: local date-times. */
  startLocal: string
  endLocal: string
  /** RECURRING_*: the hours of each occurrence. */
  fromTime: string
  toTime: string
  recurrence: RecurrenceChoice
  is_active: boolean
}

const localIso = (day: string, time: string, timeZone: string) => salonInstant(day, time, timeZone) ?? ''
/** A `datetime-local` value (`YYYY-MM-DDTHH:mm`, the salon's wall clock) → an instant. */
const wallIso = (value: string, timeZone: string) => localIso(value.slice(0, 10), value.slice(11, 16), timeZone)
const noonUtc = (day: string) => (day ? `${day}T12:00:00.000Z` : '')

/** The form's fields → the closure as the API stores it (and as the engine reads it). */
export function toClosure(v: Values, timeZone: string) {
  const base = {
    name: v.name.trim(),
    description: v.description || null,
    closure_type: v.closure_type,
    is_active: v.is_active,
  }
  if (v.closure_type === 'FULL_DAY')
    return { ...base, start_date: noonUtc(v.fromDay), end_date: noonUtc(v.toDay || v.fromDay), recurring_rule: null }
  if (v.closure_type === 'PARTIAL_DAY')
    return {
      ...base,
      start_date: v.startLocal ? wallIso(v.startLocal, timeZone) : '',
      end_date: v.endLocal ? wallIso(v.endLocal, timeZone) : '',
      recurring_rule: null,
    }
  return {
    ...base,
    start_date: localIso(v.fromDay, v.fromTime, timeZone),
    end_date: localIso(v.fromDay, v.toTime, timeZone),
    recurring_rule: toRRule(v.recurrence),
  }
}

/** A stored closure → the form's fields. */
export function toValues(r: Record<string, unknown>, timeZone: string): Values {
  const type = (r.closure_type as BusinessClosureType) ?? 'FULL_DAY'
  const start = typeof r.start_date === 'string' ? r.start_date : ''
  const end = typeof r.end_date === 'string' ? r.end_date : ''
  const s = start ? salonFields(start, timeZone) : { day: '', time: '' }
  const e = end ? salonFields(end, timeZone) : { day: '', time: '' }
  return {
    name: String(r.name ?? ''),
    description: String(r.description ?? ''),
    closure_type: type,
    fromDay: type === 'FULL_DAY' ? start.slice(0, 10) : s.day,
    toDay: type === 'FULL_DAY' ? end.slice(0, 10) : e.day,
    startLocal: start ? `${s.day}T${s.time}` : '',
    endLocal: end ? `${e.day}T${e.time}` : '',
    fromTime: s.time || '09:00',
    toTime: e.time || '13:00',
    recurrence: fromRRule(r.recurring_rule as string) ?? defaultRecurrence(FREQ_OF_TYPE[type] ?? 'WEEKLY'),
    is_active: r.is_active !== false,
  }
}

const EMPTY: Values = toValues({ closure_type: 'FULL_DAY' }, CONFIG_DEFAULTS.timezone)

/**
 * /dashboard/config/business-closure/create and /{id}: a closure — whole days, part of a day, or a
 * recurring one built from frequency, interval, weekdays or days of the month, and an end — with a
 * preview of the next times it closes the salon, computed by the engine the availability uses.
 */
export default function ClosureForm() {
  const t = useT()
  const { id, action } = useResourceParams()
  const mode = action === 'edit' ? 'edit' : 'create'
  const { timeZone } = useSalonConfig()
  const form = useForm<Record<string, unknown>, { message: string; statusCode: number }, Values>({
    initialValues: EMPTY,
    validate: (v) => {
      const errors: Record<string, string> = {}
      const c = toClosure(v, timeZone)
      if (!v.name.trim()) errors.name = tr('closure.nameRequired')
      if (v.closure_type === 'FULL_DAY') {
        if (!v.fromDay) errors.fromDay = tr('closure.chooseFirstDay')
        else if (v.toDay && v.toDay < v.fromDay) errors.toDay = tr('closure.endBeforeStart')
      } else if (v.closure_type === 'PARTIAL_DAY') {
        if (!v.startLocal) errors.startLocal = tr('closure.chooseStart')
        if (!v.endLocal) errors.endLocal = tr('closure.chooseEnd')
        else if (c.start_date && c.end_date <= c.start_date) errors.endLocal = tr('closure.endAfterStart')
      } else {
        if (!v.fromDay) errors.fromDay = tr('closure.chooseFirstDay')
        if (v.toTime <= v.fromTime) errors.toTime = tr('closure.endAfterStart')
        if (!(v.recurrence.interval >= 1)) errors['recurrence.interval'] = tr('closure.atLeastOne')
      }
      return errors
    },
    transformValues: (v) => toClosure(v, timeZone) as unknown as Values,
    refineCoreProps: {
      resource: 'business-closure',
      action: mode,
      id,
      redirect: 'list',
      queryOptions: { select: (r) => ({ ...r, data: toValues(r.data, timeZone) as unknown as typeof r.data }) },
    },
  })
  const v = form.values
  const recurring = v.closure_type.startsWith('RECURRING_')
  const preview = useMemo(() => {
    const c = toClosure(v, timeZone)
    if (!c.start_date || !c.end_date) return []
    const today = salonFields(new Date().toISOString(), timeZone).day
    return closurePreview({ ...c, recurring_rule: c.recurring_rule ?? undefined }, timeZone, today)
  }, [v, timeZone])

  const setType = (type: BusinessClosureType) => {
    form.setFieldValue('closure_type', type)
    const freq = FREQ_OF_TYPE[type]
    if (freq) form.setFieldValue('recurrence', { ...v.recurrence, freq })
  }

  return (
    <FormPage
      action={mode}
      title={mode === 'create' ? t('closure.new') : t('closure.edit')}
      saveButtonProps={form.saveButtonProps}
      isLoading={form.refineCore.formLoading}
      after={
        mode === 'edit' && id !== undefined ? (
          <DeleteRecord resource="business-closure" id={id} what="delete.what.closure" />
        ) : null
      }
    >
      <TextInput label={t('form.name')} required {...form.getInputProps('name')} />
      <Textarea label={t('closure.description')} autosize minRows={2} {...form.getInputProps('description')} />
      <Select
        label={t('closure.type')}
        required
        data={BUSINESS_CLOSURE_TYPES.map((type) => ({ value: type, label: t.glossary.closureType[type] ?? type }))}
        value={v.closure_type}
        onChange={(type) => type && setType(type as BusinessClosureType)}
      />
      {v.closure_type === 'FULL_DAY' && (
        <SimpleGrid cols={2} breakpoints={[{ maxWidth: 'sm', cols: 1 }]}>
          <DateRangeFields
            fromLabel={t('closure.from')}
            toLabel={t('closure.toIncluded')}
            fromRequired
            from={v.fromDay}
            to={v.toDay}
            fromError={form.errors.fromDay}
            toError={form.errors.toDay}
            onChange={({ from, to }) => form.setValues({ fromDay: from, toDay: to })}
          />
        </SimpleGrid>
      )}
      {v.closure_type === 'PARTIAL_DAY' && (
        <SimpleGrid cols={2} breakpoints={[{ maxWidth: 'sm', cols: 1 }]}>
          <TextInput type="datetime-local" label={t('closure.start')} required {...form.getInputProps('startLocal')} />
          <TextInput type="datetime-local" label={t('closure.end')} required {...form.getInputProps('endLocal')} />
        </SimpleGrid>
      )}
      {recurring && (
        <Stack spacing="sm">
          <SimpleGrid cols={3} breakpoints={[{ maxWidth: 'sm', cols: 1 }]}>
            <DateField label={t('closure.firstTime')} required {...form.getInputProps('fromDay')} />
            <TextInput type="time" label={t('closure.fromTime')} required {...form.getInputProps('fromTime')} />
            <TextInput type="time" label={t('closure.toTime')} required {...form.getInputProps('toTime')} />
          </SimpleGrid>
          <NumberInput
            label={
              v.recurrence.freq === 'WEEKLY'
                ? t('closure.everyWeeks')
                : v.recurrence.freq === 'MONTHLY'
                  ? t('closure.everyMonths')
                  : t('closure.everyYears')
            }
            min={1}
            hideControls
            {...form.getInputProps('recurrence.interval')}
          />
          {v.recurrence.freq === 'WEEKLY' && (
            <div role="group" aria-label={t('closure.weekdays')}>
              <Text size="sm" weight={500} mb={4}>
                {t('closure.weekdaysHelp')}
              </Text>
              <Chip.Group
                multiple
                value={v.recurrence.byDay}
                onChange={(days) => form.setFieldValue('recurrence.byDay', days as RRuleWeekday[])}
                spacing="xs"
              >
                {RRULE_WEEKDAYS.map((d) => (
                  <Chip key={d} value={d}>
                    {t(`weekday.${d}`)}
                  </Chip>
                ))}
              </Chip.Group>
            </div>
          )}
          {v.recurrence.freq === 'MONTHLY' && (
            <MultiSelect
              label={t('closure.monthDays')}
              data={Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))}
              value={v.recurrence.byMonthDay.map(String)}
              onChange={(days) => form.setFieldValue('recurrence.byMonthDay', days.map(Number))}
              clearButtonLabel={t('closure.noDay')}
              clearable
            />
          )}
          <div>
            <Text size="sm" weight={500} mb={4}>
              {t('closure.ends')}
            </Text>
            <SegmentedControl
              data={[
                { value: 'never', label: t('closure.never') },
                { value: 'until', label: t('closure.until') },
                { value: 'count', label: t('closure.afterCount') },
              ]}
              value={v.recurrence.end.kind}
              onChange={(kind) =>
                form.setFieldValue(
                  'recurrence.end',
                  kind === 'until'
                    ? { kind, date: v.fromDay }
                    : kind === 'count'
                      ? { kind, count: 10 }
                      : { kind: 'never' },
                )
              }
            />
            {v.recurrence.end.kind === 'until' && (
              <DateField
                label={t('closure.lastDay')}
                mt="xs"
                required
                min={v.fromDay || undefined}
                {...form.getInputProps('recurrence.end.date')}
              />
            )}
            {v.recurrence.end.kind === 'count' && (
              <NumberInput
                label={t('closure.howMany')}
                min={1}
                hideControls
                mt="xs"
                {...form.getInputProps('recurrence.end.count')}
              />
            )}
          </div>
          <Text size="xs" sx={(theme) => ({ color: theme.colors.gray[7] })}>
            {t('closure.rule', { rule: toRRule(v.recurrence) })}
          </Text>
        </Stack>
      )}
      <Switch label={t('closure.active')} {...form.getInputProps('is_active', { type: 'checkbox' })} />
      <div>
        <Title order={5} mb="xs">
          {t('closure.next')}
        </Title>
        {preview.length ? (
          <MantineList size="sm" aria-label={t('closure.next')}>
            {preview.map((p) => (
              <MantineList.Item key={p.day}>
                {formatCalendarDay(p.day, t.intl, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}
                {p.allDay
                  ? t('closure.allDay')
                  : `, ${p.ranges.map((r) => `${formatClock(r.start, t.intl, timeZone)}–${formatClock(r.end, t.intl, timeZone)}`).join(', ')}`}
              </MantineList.Item>
            ))}
          </MantineList>
        ) : (
          <Text size="sm">{t('closure.none')}</Text>
        )}
      </div>
      <Group />
    </FormPage>
  )
}
