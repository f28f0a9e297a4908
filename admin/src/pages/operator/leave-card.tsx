import { useMemo, useState } from 'react'
import { Alert, Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { useCustom } from '@refinedev/core'
import type { LeaveItem } from '@salon/shared/schemas/rota'
import { IconCalendarPlus, IconPencil } from '@tabler/icons-react'
import { LeaveBadge } from '../../components/leave-badge'
import { Spinner } from '../../components/page-loader'
import { SrOnly } from '../../components/sr-only'
import { useSalonConfig } from '../../hooks/use-salon'
import { useT } from '../../i18n/use-t'
import { localDayOf } from '@salon/shared/booking/periods'
import { messageOf, ROTA_URLS, useConflictsCheck } from '../rota/api'
import { ConflictsNotice } from '../rota/conflicts-notice'
import { LeaveModal, type LeaveDialog } from '../rota/leave-modal'
import { emptyLeave, leaveFieldsOf, leaveWhenText, splitLeave } from '../rota/model'

/** The past leave shown under the upcoming (the latest first). */
const PAST_SHOWN = 5

/**
 * The operator page's "Leave" section (issue 23): that person's leave, what is still to come
 * first, then the latest past ones; add, edit, delete through the rota's leave form
 * (`/api/operator-leave`). After a change, how many bookings are now left without them.
 */
export function OperatorLeaveCard({ id, name }: { id: number; name: string }) {
  const t = useT()
  const { timeZone } = useSalonConfig()
  const list = useCustom<{ docs: LeaveItem[] }>({
    url: ROTA_URLS.leave,
    method: 'get',
    config: { query: { depth: 0, limit: 200, sort: 'start', where: { operator: { equals: id } } } },
  })
  const conflicts = useConflictsCheck()
  const [dialog, setDialog] = useState<LeaveDialog | null>(null)
  const docs = list.result.data?.docs
  const { upcoming, past } = useMemo(() => splitLeave(docs ?? [], new Date()), [docs])
  const today = localDayOf(new Date(), timeZone)

  const line = (l: LeaveItem) => {
    const when = leaveWhenText(l, t.intl, timeZone)
    return (
      <Box
        component="li"
        key={l.id}
        sx={(theme) => ({
          display: 'flex',
          gap: theme.spacing.sm,
          alignItems: 'center',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          padding: `${theme.spacing.xs}px 0`,
          borderBottom: `1px solid ${theme.colors.gray[2]}`,
        })}
      >
        <Stack spacing={2} sx={{ minWidth: 0, flex: '1 1 14rem' }}>
          <Group spacing="xs">
            <LeaveBadge kind={l.kind} />
            <Text size="sm" weight={600}>
              {when}
            </Text>
          </Group>
          {l.note && (
            <Text size="sm" color="dimmed" sx={{ wordBreak: 'break-word' }}>
              {l.note}
            </Text>
          )}
        </Stack>
        <Button
          variant="subtle"
          leftIcon={<IconPencil size={16} aria-hidden />}
          onClick={() => setDialog({ mode: 'edit', id: l.id, fields: leaveFieldsOf(l, timeZone) })}
          sx={{ minHeight: 44 }}
        >
          {t('leave.list.edit')}
          <SrOnly>
            : {t.glossary.leaveKind[l.kind]}, {when}
          </SrOnly>
        </Button>
      </Box>
    )
  }

  return (
    <Card withBorder radius="md" p="md" mt="xl" component="section" aria-labelledby="leave-title">
      <Stack spacing="sm">
        <Group position="apart" spacing="sm">
          <Title order={4} id="leave-title">
            {t('leave.list.title')}
          </Title>
          <Button
            leftIcon={<IconCalendarPlus size={18} aria-hidden />}
            onClick={() => setDialog({ mode: 'create', fields: emptyLeave(today, id) })}
            sx={{ minHeight: 44 }}
          >
            {t('rota.addLeave')}
          </Button>
        </Group>
        <Text size="sm" color="dimmed">
          {t('leave.list.intro', { name })}
        </Text>
        <ConflictsNotice notice={conflicts.notice} onClose={conflicts.dismiss} />
        {list.query.isError ? (
          <Alert color="red" title={t('leave.list.loadError')}>
            {messageOf(list.query.error, '')}
          </Alert>
        ) : !docs ? (
          <Spinner label={t('loader.label')} />
        ) : (
          <>
            {upcoming.length === 0 ? (
              <Text size="sm">{t('leave.list.empty')}</Text>
            ) : (
              <Box component="ul" sx={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="leave-upcoming">
                {upcoming.map(line)}
              </Box>
            )}
            {past.length > 0 && (
              <>
                <Title order={5} mt="sm">
                  {t('leave.list.past')}
                </Title>
                <Box component="ul" sx={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="leave-past">
                  {past.slice(0, PAST_SHOWN).map(line)}
                </Box>
              </>
            )}
          </>
        )}
      </Stack>
      <LeaveModal
        dialog={dialog}
        operatorName={name}
        timeZone={timeZone}
        onClose={() => setDialog(null)}
        onSaved={() => {
          void list.query.refetch()
          void conflicts.check({ id, name })
        }}
      />
    </Card>
  )
}
