import { useMemo, useState } from 'react'
import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core'
import { useCustom, useNotification } from '@refinedev/core'
import { addCalendarDays, localDayOf } from '@salon/shared/booking/periods'
import { MAX_CYCLE_WEEKS } from '@salon/shared/booking/rota'
import type { ScheduleResponse } from '@salon/shared/schemas/rota'
import { DateField } from '../../components/form/date-fields'
import { FieldGrid } from '../../components/form/fields'
import { ShiftDayFields } from '../../components/form/shift-day'
import { Spinner } from '../../components/page-loader'
import { useSalonConfig } from '../../hooks/use-salon'
import { useT } from '../../i18n/use-t'
import { formatCalendarDay } from '../../lib/format'
import { fieldErrorsOf, messageOf, ROTA_URLS, useConflictsCheck, useOpeningWeek, useRotaWrites } from '../rota/api'
import { ConflictsNotice } from '../rota/conflicts-notice'
import {
  mondayOf,
  patternBodyOf,
  patternFieldsOf,
  patternIndex,
  patternInForce,
  validatePattern,
  weekRangeText,
  type OpeningDay,
  type PatternFields,
} from '../rota/model'

const DAY_WORDS: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' }

/**
 * The operator page's "Working hours" section (issue 23): the weekly pattern — repeating every
 * 1–4 weeks, valid from a day, per week and weekday the intervals or a day off — prefilled from
 * the pattern in force (its weeks turned to count from the new "valid from"), or, when the
 * person has none, from the salon's opening hours (the Time page's API). Checked with the shared
 * `schedulePutBody`, saved with `PUT /api/operators/:id/schedule`; then the bookings left out.
 */
export function OperatorScheduleCard({ id, name }: { id: number; name: string }) {
  const t = useT()
  const { timeZone, loaded } = useSalonConfig()
  const today = localDayOf(new Date(), timeZone)
  const schedule = useCustom<ScheduleResponse>({
    url: ROTA_URLS.schedule(id),
    method: 'get',
    config: { query: { from: today, to: addCalendarDays(today, 13) } },
    queryOptions: { enabled: loaded },
  })
  const opening = useOpeningWeek()
  const answer = schedule.query.data?.data
  const ready = answer !== undefined && opening.days !== undefined
  return (
    <Card
      withBorder
      radius="md"
      p="md"
      mt="xl"
      component="section"
      aria-labelledby="schedule-title"
      sx={(theme) => ({ [theme.fn.smallerThan('sm')]: { padding: theme.spacing.xs } })}
    >
      <Stack spacing="sm">
        <Title order={4} id="schedule-title">
          {t.glossary.rota.workingHours}
        </Title>
        <Text size="sm" color="dimmed">
          {t('schedule.intro', { name })}
        </Text>
        {schedule.query.isError || opening.query.isError ? (
          <Alert color="red" title={t('schedule.loadError')}>
            {messageOf(schedule.query.error ?? opening.query.error, '')}
          </Alert>
        ) : !ready ? (
          <Spinner label={t('loader.label')} />
        ) : (
          <PatternEditor
            key={answer.patterns.map((p) => `${p.id}:${p.from}`).join(',')}
            id={id}
            name={name}
            today={today}
            schedule={answer}
            opening={opening.days as OpeningDay[]}
            onSaved={() => void schedule.query.refetch()}
          />
        )}
      </Stack>
    </Card>
  )
}

function PatternEditor({
  id,
  name,
  today,
  schedule,
  opening,
  onSaved,
}: {
  id: number
  name: string
  today: string
  schedule: ScheduleResponse
  opening: OpeningDay[]
  onSaved: () => void
}) {
  const t = useT()
  const { open } = useNotification()
  const writes = useRotaWrites()
  const conflicts = useConflictsCheck()
  const inForce = useMemo(() => patternInForce(schedule.patterns, today), [schedule.patterns, today])
  const later = schedule.patterns.filter((p) => p.from > today)
  const [fields, setFields] = useState<PatternFields>(() => patternFieldsOf(today, { pattern: inForce, opening }))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [refusal, setRefusal] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [chosenTab, setTab] = useState<string | null>('1')
  // A shorter cycle hides the week that was open: the first one shows.
  const tab = Number(chosenTab) > fields.cycleWeeks ? '1' : chosenTab

  const weeksText = (n: number) => (n === 1 ? t('schedule.weeksOne') : t('schedule.weeksOther', { n }))
  const openingOf = (day: string) => {
    const o = opening.find((d) => d.day_of_week === day)
    return o && !o.is_closed ? o.intervals : undefined
  }
  const save = async () => {
    const found = validatePattern(fields)
    setErrors(found)
    setRefusal(null)
    if (Object.keys(found).length > 0) {
      // The first week with an error is shown, so the message is in view.
      const week = Number(Object.keys(found)[0]?.match(/^days\.(\d+)\./)?.[1] ?? -1)
      if (week >= 0) setTab(String(Math.floor(week / 7) + 1))
      return
    }
    setBusy(true)
    try {
      await writes.putSchedule(id, patternBodyOf(fields))
      open?.({ type: 'success', message: t('schedule.saved') })
      onSaved()
      void conflicts.check({ id, name })
    } catch (e) {
      const fieldErrors = fieldErrorsOf(e)
      setErrors(Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k, String(v)])))
      setRefusal(Object.keys(fieldErrors).length ? null : messageOf(e, t('rota.notSaved')))
    } finally {
      setBusy(false)
    }
  }

  const week = (n: number) => (
    <SimpleGrid
      cols={3}
      spacing="md"
      breakpoints={[
        { maxWidth: 'lg', cols: 2 },
        { maxWidth: 'sm', cols: 1 },
      ]}
    >
      {fields.days.slice(patternIndex(n, 0), patternIndex(n, 7)).map((d, j) => {
        const i = patternIndex(n, j)
        const label = t.glossary.day[d.day_of_week]
        return (
          <Card
            key={d.day_of_week}
            withBorder
            radius="sm"
            p="xs"
            // On a phone the days are rows of the section (no box in a box: the time inputs keep their width).
            sx={(theme) => ({
              [theme.fn.smallerThan('sm')]: {
                border: 0,
                borderRadius: 0,
                borderTop: `1px solid ${theme.colors.gray[3]}`,
                padding: `${theme.spacing.sm}px 0`,
              },
            })}
          >
            <ShiftDayFields
              legend={fields.cycleWeeks > 1 ? `${label} · ${t('schedule.week', { n })}` : label}
              value={{ off: d.off, intervals: d.intervals }}
              onChange={(v) => {
                setFields((f) => ({ ...f, days: f.days.map((x, k) => (k === i ? { ...x, ...v } : x)) }))
                setErrors({})
              }}
              errorOf={(path) => errors[`days.${i}.${path}`]}
              offLabel={t('shift.dayOff')}
              fallback={openingOf(d.day_of_week)}
            />
          </Card>
        )
      })}
    </SimpleGrid>
  )

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
    >
      <Stack spacing="md">
        <Text size="sm">
          {inForce
            ? t('schedule.inForce', {
                date: formatCalendarDay(inForce.from, t.intl, DAY_WORDS),
                cycle: weeksText(inForce.cycleWeeks),
              })
            : t('schedule.fromSalon', { name })}
        </Text>
        {later.map((p) => (
          <Text size="sm" key={p.id}>
            {t('schedule.later', {
              date: formatCalendarDay(p.from, t.intl, DAY_WORDS),
              cycle: weeksText(p.cycleWeeks),
            })}
          </Text>
        ))}
        <FieldGrid>
          <Select
            label={t('schedule.cycle')}
            data={Array.from({ length: MAX_CYCLE_WEEKS }, (_, k) => ({
              value: String(k + 1),
              label: weeksText(k + 1),
            }))}
            value={String(fields.cycleWeeks)}
            onChange={(v) => setFields((f) => ({ ...f, cycleWeeks: Number(v ?? 1) }))}
            error={errors.cycleWeeks}
            styles={{ input: { minHeight: 44 } }}
          />
          <DateField
            label={t('schedule.from')}
            required
            value={fields.from}
            onChange={(from) => setFields((f) => ({ ...f, from }))}
            error={errors.from}
            description={t('schedule.fromHelp')}
            styles={{ input: { minHeight: 44 } }}
          />
        </FieldGrid>
        {fields.cycleWeeks === 1 ? (
          week(1)
        ) : (
          <Tabs value={tab} onTabChange={setTab} keepMounted={false}>
            <Tabs.List>
              {Array.from({ length: fields.cycleWeeks }, (_, k) => (
                <Tabs.Tab key={k} value={String(k + 1)} sx={{ minHeight: 44 }}>
                  {t('schedule.weekRange', {
                    n: k + 1,
                    range: weekRangeText(addCalendarDays(mondayOf(fields.from), 7 * k), t.intl),
                  })}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {Array.from({ length: fields.cycleWeeks }, (_, k) => (
              <Tabs.Panel key={k} value={String(k + 1)} pt="md">
                {week(k + 1)}
              </Tabs.Panel>
            ))}
          </Tabs>
        )}
        {refusal && (
          <Text size="sm" color="red" role="alert">
            {refusal}
          </Text>
        )}
        <ConflictsNotice notice={conflicts.notice} onClose={conflicts.dismiss} />
        <Group>
          <Button type="submit" loading={busy} sx={{ minHeight: 44 }}>
            {t('schedule.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
