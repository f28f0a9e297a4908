import { useCallback, useEffect, useMemo, useState } from 'react'
import { Alert, Anchor, Box, Button, Group, Stack, Text, Title } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useNotification } from '@refinedev/core'
import { List } from '@refinedev/mantine'
import { addCalendarDays, localDayOf } from '@salon/shared/booking/periods'
import { IconCalendarPlus, IconChevronLeft, IconChevronRight, IconCopy, IconUsers } from '@tabler/icons-react'
import { Link, useSearchParams } from 'react-router'
import { Spinner } from '../../components/page-loader'
import { SrOnly } from '../../components/sr-only'
import { useActiveOperators, useSalonConfig } from '../../hooks/use-salon'
import { useT } from '../../i18n/use-t'
import { formatCalendarDay } from '../../lib/format'
import { messageOf, useClosedDayFacts, useConflictsCheck, useRotaWeek, useRotaWrites } from './api'
import { ConflictsNotice, conflictsPath } from './conflicts-notice'
import { CopyWeekModal } from './copy-week-modal'
import { DayModal, type DayDialog } from './day-modal'
import { LeaveModal, type LeaveDialog } from './leave-modal'
import {
  closedReason,
  dayOfWeek,
  emptyLeave,
  leaveFieldsOf,
  rotaRows,
  shiftText,
  weekDays,
  weekOfParam,
  weekRangeText,
  type ClosedReason,
  type RotaCell,
} from './model'
import { RotaCards, RotaGrid, type DayInfo } from './week-grid'

/** Below this width the week is one card per person (a phone); from it, the table. */
export const CARDS_QUERY = '(max-width: 767.98px)'

const SHORT: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' }
const LONG: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long' }

/**
 * /dashboard/rota?week=YYYY-MM-DD (the week's Monday; issue 23): the whole team's week — who
 * works when, leave, closed days — from `GET /api/rota`. Previous / this / next week; a day's
 * form (click or Enter on a cell), dragging a shift onto another day or person, "Copy week",
 * "Add leave"; after any change, how many bookings are left without their operator.
 */
export default function RotaPage() {
  const t = useT()
  const { open } = useNotification()
  const [params, setParams] = useSearchParams()
  const { timeZone } = useSalonConfig()
  const today = localDayOf(new Date(), timeZone)
  const monday = weekOfParam(params.get('week'), today)
  const days = useMemo(() => weekDays(monday), [monday])
  const cards = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false })
  const { rota, query } = useRotaWeek(monday)
  const facts = useClosedDayFacts()
  const { operators } = useActiveOperators()
  const writes = useRotaWrites()
  const conflicts = useConflictsCheck()
  const [dayDialog, setDayDialog] = useState<DayDialog | null>(null)
  const [leaveDialog, setLeaveDialog] = useState<LeaveDialog | null>(null)
  const [copying, setCopying] = useState(false)
  const [copyBusy, setCopyBusy] = useState(false)

  // The address always says which Monday is shown (a day of the week → its Monday).
  const asked = params.get('week')
  useEffect(() => {
    if (asked !== null && asked !== monday) setParams((p) => (p.set('week', monday), p), { replace: true })
  }, [asked, monday, setParams])
  const goTo = (week: string) => setParams((p) => (p.set('week', week), p))

  // Bookings already left without their operator (any earlier change) are said at once.
  const { check } = conflicts
  useEffect(() => {
    void check()
  }, [check])

  const closedText = useCallback(
    (reason: ClosedReason) => {
      if (reason.kind === 'CLOSED_DAY') return t('rota.closedDay')
      const what = reason.kind === 'HOLIDAY' ? t('rota.holiday') : t('rota.closure')
      return reason.name ? t('rota.closedNamed', { what, name: reason.name }) : what
    },
    [t],
  )
  const dayInfos: DayInfo[] = useMemo(() => {
    const closed = new Set(rota?.closedDays ?? [])
    return days.map((date) => ({
      date,
      short: formatCalendarDay(date, t.intl, SHORT),
      long: formatCalendarDay(date, t.intl, LONG),
      closed: closed.has(date) ? closedText(closedReason(date, facts)) : undefined,
      today: date === today,
    }))
  }, [days, rota?.closedDays, facts, closedText, t.intl, today])
  const rows = useMemo(() => (rota ? rotaRows(rota, days, timeZone) : []), [rota, days, timeZone])
  const range = weekRangeText(monday, t.intl)

  const afterChange = (operator?: { id: number; name: string }) => {
    void query.refetch()
    void check(operator)
  }
  const copyShift = async (from: RotaCell, to: RotaCell) => {
    setCopyBusy(true)
    const day = dayInfos.find((d) => d.date === to.date)?.long ?? to.date
    try {
      await writes.putException(to.operator.id, to.date, { intervals: from.shift, note: null })
      open?.({
        type: 'success',
        message: t('rota.copied', { name: to.operator.name, day, shift: shiftText(from.shift) }),
      })
      afterChange(to.operator)
    } catch (e) {
      open?.({ type: 'error', message: messageOf(e, t('rota.notSaved')) })
    } finally {
      setCopyBusy(false)
    }
  }
  const fallbackOf = (date: string) => {
    const o = facts.opening?.find((d) => d.day_of_week === dayOfWeek(date))
    return o && !o.is_closed ? o.intervals : undefined
  }
  const operatorOptions = operators.map((o) => ({
    value: String(o.id),
    label: [o.name, o.surname].filter(Boolean).join(' '),
  }))
  const nameOf = (id: number) =>
    rows.find((r) => r.operator.id === id)?.operator.name ?? operators.find((o) => o.id === id)?.name ?? ''

  return (
    <List title={<Title order={3}>{t('resources.rota')}</Title>} breadcrumb={false} canCreate={false}>
      <Stack spacing="md">
        <Group position="apart" spacing="sm" align="center">
          <Group spacing="xs" noWrap>
            <Button
              variant="default"
              px="xs"
              onClick={() => goTo(addCalendarDays(monday, -7))}
              sx={{ minHeight: 44, minWidth: 44 }}
            >
              <IconChevronLeft size={20} aria-hidden />
              <SrOnly>{t('rota.prev')}</SrOnly>
            </Button>
            <Button
              variant="default"
              onClick={() => goTo(weekOfParam(null, today))}
              sx={{ minHeight: 44 }}
              disabled={monday === weekOfParam(null, today)}
            >
              {t('rota.thisWeek')}
            </Button>
            <Button
              variant="default"
              px="xs"
              onClick={() => goTo(addCalendarDays(monday, 7))}
              sx={{ minHeight: 44, minWidth: 44 }}
            >
              <IconChevronRight size={20} aria-hidden />
              <SrOnly>{t('rota.next')}</SrOnly>
            </Button>
          </Group>
          {/* On a phone each action takes the whole width (two side by side would cut their words). */}
          <Box
            sx={{
              display: 'flex',
              gap: 8,
              flexWrap: 'wrap',
              ...(cards ? { flexDirection: 'column', width: '100%' } : {}),
            }}
          >
            <Button
              variant="outline"
              leftIcon={<IconCopy size={18} aria-hidden />}
              onClick={() => setCopying(true)}
              sx={{ minHeight: 44 }}
              disabled={!rota || rows.length === 0}
            >
              {t('rota.copyWeek')}
            </Button>
            <Button
              leftIcon={<IconCalendarPlus size={18} aria-hidden />}
              onClick={() =>
                // The first open day of the week shown, from today on (else today).
                setLeaveDialog({
                  mode: 'create',
                  fields: emptyLeave(dayInfos.find((d) => !d.closed && d.date >= today)?.date ?? today),
                })
              }
              sx={{ minHeight: 44 }}
            >
              {t('rota.addLeave')}
            </Button>
          </Box>
        </Group>
        <Group position="apart" spacing="xs">
          <Title order={4} aria-live="polite">
            {t('rota.weekOf', { range })}
          </Title>
          <Anchor
            component={Link}
            to={conflictsPath()}
            size="sm"
            weight={600}
            sx={{ minHeight: 44, display: 'inline-flex', alignItems: 'center' }}
          >
            {t('rota.toReassign')}
          </Anchor>
        </Group>
        <ConflictsNotice notice={conflicts.notice} onClose={conflicts.dismiss} />
        {query.isError ? (
          <Alert color="red" title={t('rota.loadError')}>
            <Text size="sm">{messageOf(query.error, '')}</Text>
            <Button mt="sm" variant="outline" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          </Alert>
        ) : !rota ? (
          <Spinner label={t('loader.label')} />
        ) : rows.length === 0 ? (
          <Alert color="gray" icon={<IconUsers size={20} aria-hidden />}>
            <Text size="sm">{t('rota.noOperators')}</Text>
            <Anchor component={Link} to="/operator/create" size="sm" weight={600}>
              {t('rota.addOperator')}
            </Anchor>
          </Alert>
        ) : (
          <>
            <Text size="sm" color="dimmed">
              {cards ? t('rota.legend') : t('rota.legendDrag')}
            </Text>
            {cards ? (
              <RotaCards
                rows={rows}
                days={dayInfos}
                onOpen={(cell, day) => setDayDialog({ cell, dayLabel: day.long })}
              />
            ) : (
              <RotaGrid
                rows={rows}
                days={dayInfos}
                caption={t('rota.caption', { range })}
                onOpen={(cell, day) => setDayDialog({ cell, dayLabel: day.long })}
                onCopy={(from, to) => void copyShift(from, to)}
                busy={copyBusy}
              />
            )}
          </>
        )}
      </Stack>
      <DayModal
        dialog={dayDialog}
        fallback={dayDialog ? fallbackOf(dayDialog.cell.date) : undefined}
        onClose={() => setDayDialog(null)}
        onSaved={(cell) => afterChange(cell.operator)}
        onEditLeave={(item) => {
          setDayDialog(null)
          setLeaveDialog({ mode: 'edit', id: item.id, fields: leaveFieldsOf(item, timeZone) })
        }}
      />
      <CopyWeekModal
        opened={copying}
        monday={monday}
        range={range}
        onClose={() => setCopying(false)}
        onCopied={() => afterChange()}
      />
      <LeaveModal
        dialog={leaveDialog}
        operators={operatorOptions}
        timeZone={timeZone}
        onClose={() => setLeaveDialog(null)}
        onSaved={(operator) => afterChange({ id: operator, name: nameOf(operator) })}
      />
    </List>
  )
}
