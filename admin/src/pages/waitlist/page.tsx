import { useState } from 'react'
import { ActionIcon, Alert, Box, Button, Group, Stack, Text, Title } from '@mantine/core'
import { useCustom, useCustomMutation } from '@refinedev/core'
import { useSearchParams } from 'react-router'
import { addCalendarDays } from '@salon/shared/booking/periods'
import type { WaitlistEntryItem } from '@salon/shared/schemas/waitlist'
import { IconAlertCircle, IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { DateField } from '../../components/form/date-fields'
import { Spinner } from '../../components/page-loader'
import { useSalonConfig } from '../../hooks/use-salon'
import { useT } from '../../i18n/use-t'
import { dayOf } from '../booking/when'
import { AddModal } from './add-modal'
import { EntryCard } from './entry-card'
import { entryName, longDay } from './format'
import { OfferModal } from './offer-modal'

/**
 * /dashboard/waitlist?day=YYYY-MM-DD (issue 27 §3): the people waiting for a time on one day, in
 * line order (the server's: first come, first served) — who, what, since when, the offers sent and
 * how they ended. The desk adds a client, offers a time by hand, or removes an entry. The day is
 * in the address (a reload or a link keeps it); today (the salon's) by default.
 */
export default function WaitlistPage() {
  const t = useT()
  const { timeZone } = useSalonConfig()
  const [params, setParams] = useSearchParams()
  const today = dayOf(null, timeZone)
  const asked = params.get('day')
  const day = asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) && !Number.isNaN(Date.parse(asked)) ? asked : today
  const setDay = (d: string) => setParams(d === today ? {} : { day: d })
  const [adding, setAdding] = useState(false)
  const [offering, setOffering] = useState<WaitlistEntryItem | null>(null)
  const [removing, setRemoving] = useState<WaitlistEntryItem | null>(null)
  const [removeError, setRemoveError] = useState<string | null>(null)
  const list = useCustom<{ day: string; docs: WaitlistEntryItem[] }>({
    url: '/api/waitlist',
    method: 'get',
    config: { query: { day } },
  })
  const entries = list.query.data?.data.docs
  const refetch = () => void list.query.refetch()
  const remove = useCustomMutation()
  const now = new Date()
  const name = (e: WaitlistEntryItem) => entryName(e, (id) => t('waitlist.clientWithoutName', { id }))

  const confirmRemove = () =>
    removing &&
    remove.mutate(
      {
        url: `/api/waitlist/${removing.id}`,
        method: 'delete',
        values: {},
        successNotification: () => ({ type: 'success', message: t('waitlist.removed') }),
        errorNotification: false,
      },
      {
        onSuccess: () => {
          setRemoving(null)
          refetch()
        },
        onError: (e) => setRemoveError(e.message),
      },
    )

  return (
    <Stack spacing="md" sx={{ maxWidth: 860 }}>
      <Group position="apart" align="center">
        <Title order={3}>{t.glossary.waitlist.waitlist}</Title>
        <Button leftIcon={<IconPlus size={18} aria-hidden />} onClick={() => setAdding(true)}>
          {t('waitlist.add')}
        </Button>
      </Group>
      {/* One row down to 360 px: the date field gives way, the buttons keep their size. */}
      <Group spacing="xs" align="flex-end" noWrap role="group" aria-label={t('waitlist.dayNav')}>
        <ActionIcon
          size="lg"
          variant="default"
          aria-label={t('waitlist.prevDay')}
          onClick={() => setDay(addCalendarDays(day, -1))}
        >
          <IconChevronLeft size={18} aria-hidden />
        </ActionIcon>
        <Box sx={{ flex: '0 1 12rem', minWidth: 0 }}>
          <DateField label={t('waitlist.dayNav')} value={day} onChange={setDay} required />
        </Box>
        <ActionIcon
          size="lg"
          variant="default"
          aria-label={t('waitlist.nextDay')}
          onClick={() => setDay(addCalendarDays(day, 1))}
        >
          <IconChevronRight size={18} aria-hidden />
        </ActionIcon>
        <Button variant="subtle" px="xs" sx={{ flexShrink: 0 }} onClick={() => setDay(today)} disabled={day === today}>
          {t('waitlist.today')}
        </Button>
      </Group>
      <section aria-labelledby="waitlist-day">
        <Title order={4} id="waitlist-day" mb="sm">
          {t('waitlist.listOf', { day: longDay(day, t.intl) })}
        </Title>
        {list.query.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('waitlist.loadError')}>
            {list.query.error?.message}
          </Alert>
        ) : !entries ? (
          <Spinner label={t('loader.label')} />
        ) : entries.length === 0 ? (
          <Text color="dimmed" data-testid="waitlist-empty">
            {t('waitlist.empty')}
          </Text>
        ) : (
          <ol style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}>
            {entries.map((e) => (
              <li key={e.id}>
                <EntryCard
                  entry={e}
                  day={day}
                  timeZone={timeZone}
                  now={now}
                  onOffer={setOffering}
                  onRemove={(x) => {
                    setRemoveError(null)
                    setRemoving(x)
                  }}
                />
              </li>
            ))}
          </ol>
        )}
      </section>
      {adding && (
        <AddModal
          day={day}
          timeZone={timeZone}
          onClose={() => setAdding(false)}
          onDone={() => {
            setAdding(false)
            refetch()
          }}
        />
      )}
      {offering && (
        <OfferModal
          entry={offering}
          day={day}
          timeZone={timeZone}
          onClose={() => setOffering(null)}
          onDone={() => {
            setOffering(null)
            refetch()
          }}
        />
      )}
      <ConfirmDialog
        opened={removing !== null}
        title={removing ? t('waitlist.removeQuestion', { name: name(removing) }) : ''}
        confirmLabel={t('waitlist.remove')}
        danger
        loading={remove.mutation.isPending}
        error={removeError}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      >
        {t('waitlist.removeHelp')}
      </ConfirmDialog>
    </Stack>
  )
}
