import type { ReactNode } from 'react'
import { Anchor, Card, Group, SimpleGrid, Text } from '@mantine/core'
import { Link } from 'react-router'
import { IconArrowDownRight, IconArrowUpRight, IconMinus } from '@tabler/icons-react'
import type { DashboardIndex, Kpi } from '@salon/shared/booking/dashboardKinds'
import { EMPTY, formatMoney, formatNumber } from '../../lib/format'
import { useT, type T } from '../../i18n/use-t'
import { RATE_KPIS, trendOf } from './period'

export const KPI_KEYS = [
  'bookings',
  'revenue',
  'averageTicket',
  'occupancy',
  'newCustomers',
  'cancellationRate',
  'noShowRate',
] as const
/**
 * The bookings won from the waitlist (issue 27): after the seven (`kpis.waitlistWon`, the same Kpi
 * shape), with a link to the waitlist page.
 */
export const WAITLIST_KPI = 'waitlistWon'
export type KpiKey = (typeof KPI_KEYS)[number] | typeof WAITLIST_KPI

const MONEY = new Set<KpiKey>(['revenue', 'averageTicket'])

/** A KPI value as people read it: euros, a count, or a percentage with one decimal. */
export function formatKpi(key: KpiKey, value: number | null, t: Pick<T, 'locale'>): string {
  if (value === null) return EMPTY
  if (MONEY.has(key)) return formatMoney(value, t.locale)
  if (RATE_KPIS.has(key)) return `${formatNumber(value, t.locale)}%`
  return formatNumber(value, t.locale)
}

/** Minutes as hours (`1 234 h`), for the occupancy hint. */
const hours = (minutes: number, t: T) =>
  t('index.hours', { value: formatNumber(Math.round(minutes / 6) / 10, t.locale) })

function hint(key: KpiKey, figures: DashboardIndex['figures']['current'], t: T): string {
  switch (key) {
    case 'occupancy':
      return t('index.hint.occupancy', { booked: hours(figures.bookedMinutes, t), open: hours(figures.openMinutes, t) })
    case 'cancellationRate':
      return t('index.hint.cancellationRate', { count: figures.cancelled, total: figures.made })
    case 'noShowRate':
      return t('index.hint.noShowRate', { count: figures.noShows, total: figures.settled })
    default:
      return t(`index.hint.${key}`)
  }
}

/** "Up 12.5%" / "Down 3 pts" / "No change": the change against the previous period, in words. */
export function changeText(key: KpiKey, kpi: Kpi, t: T): string {
  const { trend } = trendOf(key, kpi.difference)
  if (trend === 'none') return t('index.change.none')
  if (trend === 'flat') return t('index.change.flat')
  const size = Math.abs(kpi.difference!)
  const value = RATE_KPIS.has(key)
    ? t('index.points', { value: formatNumber(size, t.locale) })
    : kpi.percentage !== null
      ? `${formatNumber(Math.abs(kpi.percentage), t.locale)}%`
      : formatKpi(key, size, t)
  return t(trend === 'up' ? 'index.change.up' : 'index.change.down', { value })
}

export function KpiCard({
  name,
  kpi,
  figures,
  children,
}: {
  name: KpiKey
  kpi: Kpi
  figures: DashboardIndex['figures']['current']
  /** Under the figures (the waitlist card's link). */
  children?: ReactNode
}) {
  const t = useT()
  const { trend, good } = trendOf(name, kpi.difference)
  const Icon = trend === 'up' ? IconArrowUpRight : trend === 'down' ? IconArrowDownRight : IconMinus
  return (
    <Card withBorder radius="md" p="sm" component="section" aria-labelledby={`kpi-${name}`} data-testid={`kpi-${name}`}>
      <Text id={`kpi-${name}`} size="sm" weight={600} color="dimmed">
        {t(`index.kpi.${name}`)}
      </Text>
      <Text
        weight={700}
        data-testid="kpi-value"
        sx={(theme) => ({ fontSize: 26, lineHeight: 1.25, [theme.fn.smallerThan('xs')]: { fontSize: 20 } })}
      >
        {formatKpi(name, kpi.current, t)}
      </Text>
      <Group spacing={4} noWrap>
        <Icon size={16} aria-hidden />
        <Text
          size="sm"
          weight={600}
          data-testid="kpi-change"
          sx={(theme) => ({
            color:
              good === null ? theme.colors.gray[7] : good ? theme.colors[theme.primaryColor]![8] : theme.colors.red[9],
          })}
        >
          {changeText(name, kpi, t)}
        </Text>
      </Group>
      <Text size="xs" color="dimmed" data-testid="kpi-previous">
        {t('index.previous', { value: formatKpi(name, kpi.previous, t) })}
      </Text>
      <Text size="xs" color="dimmed" mt={4}>
        {hint(name, figures, t)}
      </Text>
      {children}
    </Card>
  )
}

export function KpiGrid({ data }: { data: DashboardIndex }) {
  const t = useT()
  return (
    <section aria-label={t('index.kpis')}>
      <SimpleGrid
        cols={4}
        spacing="sm"
        breakpoints={[
          { maxWidth: 'md', cols: 3 },
          { maxWidth: 'sm', cols: 2 },
        ]}
      >
        {KPI_KEYS.map((key) => (
          <KpiCard key={key} name={key} kpi={data.kpis[key]} figures={data.figures.current} />
        ))}
        <KpiCard name={WAITLIST_KPI} kpi={data.kpis.waitlistWon} figures={data.figures.current}>
          <Anchor component={Link} to="/waitlist" size="sm" mt={4} display="inline-block">
            {t('index.waitlistLink')}
          </Anchor>
        </KpiCard>
      </SimpleGrid>
    </section>
  )
}
