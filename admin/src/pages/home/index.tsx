import { lazy, Suspense, useEffect, useState } from 'react'
import { Alert, Button, Card, Chip, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useCustom, useGetIdentity, useLink } from '@refinedev/core'
import { useSearchParams } from 'react-router'
import { IconAlertCircle } from '@tabler/icons-react'
import type { DashboardIndex } from '@salon/shared/booking/dashboardKinds'
import { localDayOf } from '@salon/shared/booking/periods'
import { CONFIG_DEFAULTS } from '@salon/shared/constants'
import type { AdminIdentity } from '../../providers/auth'
import { routesOf, SALON_RESOURCES } from '../../resources'
import { PageLoader } from '../../components/page-loader'
import { useT } from '../../i18n/use-t'
import { formatCalendarDay } from '../../lib/format'
import { KpiGrid } from './kpis'
import { DayChart } from './day-chart'
import { PendingBookings, TodayAgenda, TopTable } from './lists'
import {
  apiQuery,
  INDEX_PERIODS,
  lastWeek,
  readSelection,
  writeSelection,
  type CustomCheck,
  type IndexPeriod,
  type Selection,
} from './period'

/** The two day pickers of a custom range: their own chunk, fetched when "Custom" is chosen. */
const CustomRange = lazy(() => import('./custom-range'))

/** `2026-11-23` → `23 Nov 2026` / `23 nov 2026`. */
const longDay = (day: string, intl: string) =>
  formatCalendarDay(day, intl, { day: 'numeric', month: 'short', year: 'numeric' })

/** The index's data for a selection (`GET /api/pages/dashboard-index`); nothing is asked for an unfinished custom range. */
export function useDashboardIndex(selection: Selection) {
  // The custom range's check comes with its chunk, fetched when "Custom" is chosen.
  const [check, setCheck] = useState<CustomCheck | null>(null)
  const custom = selection.period === 'custom'
  useEffect(() => {
    if (custom && !check) void import('./custom-check').then((m) => setCheck(() => m.customErrors))
  }, [custom, check])
  const query = apiQuery(selection, check)
  const result = useCustom<DashboardIndex>({
    url: '/api/pages/dashboard-index',
    method: 'get',
    config: { query: query ?? {} },
    queryOptions: { enabled: query !== null, placeholderData: (previous) => previous },
  })
  return Object.assign(result, { checked: !custom || check !== null })
}

function PeriodPicker({
  selection,
  today,
  onChange,
}: {
  selection: Selection
  /** The salon's today. */
  today: string
  onChange: (s: Selection) => void
}) {
  const t = useT()
  return (
    <Stack spacing="xs">
      <Chip.Group
        multiple={false}
        value={selection.period}
        onChange={(v) => {
          const period = v as IndexPeriod
          onChange(
            period === 'custom'
              ? selection.from && selection.to
                ? { period, from: selection.from, to: selection.to }
                : lastWeek(today)
              : { period, from: '', to: '' },
          )
        }}
        spacing="xs"
        aria-label={t('index.period')}
        role="radiogroup"
      >
        {INDEX_PERIODS.map((p) => (
          <Chip key={p} value={p} size="sm" variant="filled" type="radio" name="index-period">
            {t(`index.period.${p}`)}
          </Chip>
        ))}
      </Chip.Group>
      {selection.period === 'custom' && (
        <Suspense fallback={null}>
          <CustomRange selection={selection} onChange={onChange} />
        </Suspense>
      )}
    </Stack>
  )
}

/** The way to every resource, kept small under the figures. */
function QuickLinks() {
  const Link = useLink()
  const t = useT()
  const entries = SALON_RESOURCES.map((r) => ({ ...r, path: routesOf(r.segment).list })).filter((r) => r.path)
  return (
    <Card withBorder radius="md" p="md" component="nav" aria-labelledby="index-links-title">
      <Title order={3} size="h4" id="index-links-title" mb="xs">
        {t('index.quickLinks')}
      </Title>
      <Group spacing="xs">
        {entries.map(({ identifier, label, icon: Icon, path }) => (
          <Button
            key={identifier}
            component={Link}
            to={path!}
            variant="default"
            size="xs"
            leftIcon={<Icon size={16} aria-hidden />}
          >
            {t(label)}
          </Button>
        ))}
      </Group>
    </Card>
  )
}

/**
 * /dashboard: how the salon is doing in a period (KPIs against the previous period, bookings and
 * revenue per day, top services and operators), today's agenda and the bookings waiting for an
 * answer. The period lives in the address (`?period=7d`, `?period=custom&from=…&to=…`).
 */
export default function DashboardHome() {
  const { data: identity } = useGetIdentity<AdminIdentity>()
  const t = useT()
  const [params, setParams] = useSearchParams()
  // "Today" is the salon's day, in the zone the API answers with (its default until the first answer).
  const [timeZone, setTimeZone] = useState<string>(CONFIG_DEFAULTS.timezone)
  const today = localDayOf(new Date(), timeZone)
  const selection = readSelection(params, today)
  const index = useDashboardIndex(selection)
  const data = index.query.data?.data
  if (data?.timezone && data.timezone !== timeZone) setTimeZone(data.timezone)
  const setSelection = (s: Selection) => setParams(writeSelection(s), { replace: true })

  return (
    <Stack spacing="md">
      <Stack spacing={4}>
        <Title order={2}>
          {identity?.firstName ? t('home.welcomeName', { name: identity.firstName }) : t('home.welcome')}
        </Title>
        <Text color="dimmed">{t('index.title')}</Text>
      </Stack>
      <PeriodPicker selection={selection} today={today} onChange={setSelection} />
      {data && (
        <Text size="sm" data-testid="index-range" aria-live="polite">
          {t('index.comparedWith', {
            from: longDay(data.range.fromDay, t.intl),
            to: longDay(data.range.toDay, t.intl),
            previousFrom: longDay(data.previousRange.fromDay, t.intl),
            previousTo: longDay(data.previousRange.toDay, t.intl),
          })}
        </Text>
      )}
      {index.query.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('index.loadError')} role="alert">
          <Text size="sm">{index.query.error?.message}</Text>
          <Button mt="xs" size="xs" variant="default" onClick={() => void index.query.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : !data ? (
        index.query.isFetching || (selection.period === 'custom' && !index.checked) ? (
          <PageLoader />
        ) : null
      ) : (
        <Stack spacing="md" sx={{ opacity: index.query.isFetching ? 0.7 : 1, transition: 'opacity 120ms' }}>
          <KpiGrid data={data} />
          <SimpleGrid cols={2} spacing="md" breakpoints={[{ maxWidth: 'md', cols: 1 }]}>
            <PendingBookings data={data} onChanged={() => index.query.refetch()} />
            <TodayAgenda data={data} />
          </SimpleGrid>
          <DayChart series={data.series} />
          <SimpleGrid cols={2} spacing="md" breakpoints={[{ maxWidth: 'md', cols: 1 }]}>
            <TopTable data={data} kind="services" />
            <TopTable data={data} kind="operators" />
          </SimpleGrid>
        </Stack>
      )}
      <QuickLinks />
    </Stack>
  )
}
