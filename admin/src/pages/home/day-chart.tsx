import { useState } from 'react'
import { Box, Card, Group, SegmentedControl, Text, Title, useMantineTheme } from '@mantine/core'
import { useElementSize } from '@mantine/hooks'
import type { DashboardIndex } from '@salon/shared/booking/dashboardKinds'
import { SrOnly } from '../../components/sr-only'
import { formatCalendarDay, formatMoney, formatNumber } from '../../lib/format'
import { useT } from '../../i18n/use-t'
import { labelIndexes } from './period'

type Series = DashboardIndex['series']
type Measure = 'bookings' | 'revenue'

const H = 180
const PAD = { top: 20, right: 4, bottom: 24, left: 4 }

/** `2026-11-23` → `23/11` (en-GB and it-IT alike), or with the weekday for the summary. */
function dayLabel(day: string, intl: string, long = false) {
  return formatCalendarDay(
    day,
    intl,
    long ? { weekday: 'short', day: 'numeric', month: 'short' } : { day: '2-digit', month: '2-digit' },
  )
}

/**
 * Bookings or revenue per local day as plain SVG bars (no chart library: a few hundred bytes of
 * markup do it, see admin/README.md). The picture is one image with a summary as its name; the
 * figures themselves are in a visually hidden table for screen readers.
 */
export function DayChart({ series }: { series: Series }) {
  const t = useT()
  const theme = useMantineTheme()
  const [measure, setMeasure] = useState<Measure>('bookings')
  // Drawn at its real width (text stays 12 px on a phone and on a wide screen); 640 before it is measured.
  const { ref, width } = useElementSize()
  const W = Math.round(width) || 640
  const values = series.map((s) => s[measure])
  const max = Math.max(0, ...values)
  const total = values.reduce((a, b) => a + b, 0)
  const format = (v: number) => (measure === 'revenue' ? formatMoney(v, t.locale) : formatNumber(v, t.locale))
  const what = t(measure === 'revenue' ? 'index.chart.revenue' : 'index.chart.bookings')
  const busiest = max > 0 ? series[values.indexOf(max)]! : null
  const first = series[0]?.day
  const last = series[series.length - 1]?.day
  const summary =
    first && last
      ? busiest
        ? t('index.chart.summary', {
            what,
            from: dayLabel(first, t.intl, true),
            to: dayLabel(last, t.intl, true),
            total: format(total),
            day: dayLabel(busiest.day, t.intl, true),
            value: format(max),
          })
        : t('index.chart.emptySummary', {
            what,
            from: dayLabel(first, t.intl, true),
            to: dayLabel(last, t.intl, true),
          })
      : ''
  const innerW = W - PAD.left - PAD.right
  const innerH = H - PAD.top - PAD.bottom
  const slot = series.length ? innerW / series.length : innerW
  const bar = Math.max(1, Math.min(28, slot * 0.7))
  const labels = new Set(labelIndexes(series.length, Math.max(2, Math.floor(W / 64))))

  return (
    <Card withBorder radius="md" p="md" component="section" aria-labelledby="index-chart-title">
      <Group position="apart" mb="xs">
        <Title order={3} size="h4" id="index-chart-title">
          {t('index.chart.title')}
        </Title>
        <SegmentedControl
          size="xs"
          value={measure}
          onChange={(v) => setMeasure(v as Measure)}
          aria-label={t('index.chart.show')}
          data={[
            { value: 'bookings', label: t('index.chart.bookings') },
            { value: 'revenue', label: t('index.chart.revenue') },
          ]}
        />
      </Group>
      <Text size="sm" color="dimmed" mb="xs" data-testid="chart-summary">
        {summary}
      </Text>
      <Box ref={ref} sx={{ width: '100%' }}>
        <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-label={summary} data-testid="day-chart">
          <line
            x1={PAD.left}
            x2={W - PAD.right}
            y1={H - PAD.bottom}
            y2={H - PAD.bottom}
            stroke={theme.colors.gray[5]}
            strokeWidth={1}
          />
          {series.map((s, i) => {
            const v = s[measure]
            const h = max > 0 ? (v / max) * innerH : 0
            const x = PAD.left + i * slot + (slot - bar) / 2
            return (
              <g key={s.day}>
                {h > 0 && (
                  <rect
                    x={x}
                    y={H - PAD.bottom - h}
                    width={bar}
                    height={h}
                    rx={Math.min(3, bar / 3)}
                    fill={theme.fn.primaryColor()}
                    data-day={s.day}
                  >
                    <title>{`${dayLabel(s.day, t.intl, true)}: ${format(v)}`}</title>
                  </rect>
                )}
                {labels.has(i) && (
                  <text
                    x={i === 0 ? PAD.left : i === series.length - 1 ? W - PAD.right : PAD.left + i * slot + slot / 2}
                    y={H - 6}
                    textAnchor={i === 0 ? 'start' : i === series.length - 1 ? 'end' : 'middle'}
                    fontSize={12}
                    fill={theme.colors.gray[7]}
                  >
                    {dayLabel(s.day, t.intl)}
                  </text>
                )}
              </g>
            )
          })}
          {max > 0 && (
            <>
              <line
                x1={PAD.left}
                x2={W - PAD.right}
                y1={PAD.top}
                y2={PAD.top}
                stroke={theme.colors.gray[3]}
                strokeDasharray="4 4"
                strokeWidth={1}
              />
              <text x={PAD.left} y={PAD.top - 6} fontSize={12} fill={theme.colors.gray[7]}>
                {format(max)}
              </text>
            </>
          )}
        </svg>
      </Box>
      <SrOnly>
        <table>
          <caption>{t('index.chart.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('index.chart.day')}</th>
              <th scope="col">{t('index.chart.bookings')}</th>
              <th scope="col">{t('index.chart.revenue')}</th>
            </tr>
          </thead>
          <tbody>
            {series.map((s) => (
              <tr key={s.day}>
                <th scope="row">{dayLabel(s.day, t.intl, true)}</th>
                <td>{formatNumber(s.bookings, t.locale)}</td>
                <td>{formatMoney(s.revenue, t.locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </SrOnly>
    </Card>
  )
}
