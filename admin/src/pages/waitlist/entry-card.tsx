import type { ReactNode } from 'react'
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import type { WaitlistEntryItem, WaitlistOfferItem } from '@salon/shared/schemas/waitlist'
import { Link } from 'react-router'
import { IconCalendarPlus, IconClockPlus, IconPhone, IconTrash } from '@tabler/icons-react'
import { useT } from '../../i18n/use-t'
import { clockOf, dayLabel, entryName, shortWhen, sinceText } from './format'

/** A status in words with a coloured dot; the text stays dark (AA contrast), as the booking statuses. */
function WordBadge({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Badge
      variant="dot"
      color={color}
      radius="sm"
      sx={(theme) => ({ textTransform: 'none', color: theme.colors.gray[9], fontWeight: 600 })}
    >
      {children}
    </Badge>
  )
}

const LIST = { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 2 } as const
const ENTRY_COLOURS = { ACTIVE: 'blue', BOOKED: 'green', EXPIRED: 'gray', REMOVED: 'gray' } as const
const OFFER_COLOURS = { OPEN: 'yellow', TAKEN: 'green', EXPIRED: 'gray', WITHDRAWN: 'gray' } as const

/** One offer of an entry: its time and operator, status in words, when sent and decided, "by hand". */
function OfferLine({ offer, timeZone, now }: { offer: WaitlistOfferItem; timeZone: string; now: Date }) {
  const t = useT()
  return (
    <Group spacing="xs" data-testid="waitlist-offer" sx={{ rowGap: 2 }}>
      <Text size="sm" weight={600}>
        {shortWhen(offer.date_start, t.intl, timeZone)}
      </Text>
      <Text size="sm">{offer.operator?.name ?? t('booking.anyOperator')}</Text>
      <WordBadge color={OFFER_COLOURS[offer.status]}>{t.glossary.waitlist.offerStatus[offer.status]}</WordBadge>
      {offer.by_hand && <WordBadge color="dark">{t('waitlist.byHand')}</WordBadge>}
      <Text size="xs" color="dimmed">
        {t('waitlist.sentAt', { when: sinceText(offer.created_at, now, t.intl, timeZone) })}
        {offer.status === 'OPEN'
          ? ` · ${t('waitlist.heldUntil', { time: clockOf(offer.expires_at, t.intl, timeZone) })}`
          : offer.decided_at
            ? ` · ${t('waitlist.decidedAt', { when: shortWhen(offer.decided_at, t.intl, timeZone) })}`
            : ''}
      </Text>
    </Group>
  )
}

/**
 * One person waiting: who (name, phone to call, "no account — call" when there is no app account
 * to book with), what (services, operator or anyone, the time window), since when, the entry's
 * status and its offers; "Offer a time" and "Remove" while it is waiting.
 */
export function EntryCard({
  entry,
  day,
  timeZone,
  now,
  onOffer,
  onRemove,
}: {
  entry: WaitlistEntryItem
  /** The day the page shows (the entry's other days are listed as "also asks for"). */
  day: string
  timeZone: string
  now: Date
  onOffer: (entry: WaitlistEntryItem) => void
  onRemove: (entry: WaitlistEntryItem) => void
}) {
  const t = useT()
  const name = entryName(entry, (id) => t('waitlist.clientWithoutName', { id }))
  const headingId = `waitlist-entry-${entry.id}`
  const otherDays = entry.days.filter((d) => d !== day)
  const waiting = entry.status === 'ACTIVE'
  return (
    <Card withBorder radius="md" p="md" component="article" aria-labelledby={headingId} data-testid="waitlist-entry">
      <Stack spacing={6}>
        <Group position="apart" align="flex-start" spacing="xs">
          <Group spacing="xs" align="center">
            <Title order={4} id={headingId} sx={{ fontSize: 17 }}>
              {entry.client ? (
                <Anchor component={Link} to={`/clients/${entry.client.id}`} inherit>
                  {name}
                </Anchor>
              ) : (
                name
              )}
            </Title>
            <WordBadge color={ENTRY_COLOURS[entry.status]}>{t.glossary.waitlist.entryStatus[entry.status]}</WordBadge>
            {entry.client && !entry.client.has_account && (
              <Badge
                color="orange"
                variant="outline"
                radius="sm"
                title={t('waitlist.noAccountHelp')}
                sx={(theme) => ({
                  textTransform: 'none',
                  color: theme.colors.orange[9],
                  borderColor: theme.colors.orange[9],
                })}
              >
                {t('waitlist.noAccount')}
              </Badge>
            )}
          </Group>
          {entry.client?.phone && (
            <Anchor href={`tel:${entry.client.phone.replace(/\s+/g, '')}`} size="sm">
              <Group spacing={4} noWrap>
                <IconPhone size={16} aria-hidden />
                {entry.client.phone}
              </Group>
            </Anchor>
          )}
        </Group>
        <Text size="sm" data-testid="waitlist-what">
          {entry.services.map((s) => s.name).join(', ')} · {entry.operator?.name ?? t('booking.anyOperator')} ·{' '}
          <span aria-label={t('waitlist.windowLabel')}>{t('waitlist.window', { from: entry.from, to: entry.to })}</span>
        </Text>
        <Text size="xs" color="dimmed">
          {t('waitlist.since', { when: sinceText(entry.created_at, now, t.intl, timeZone) })}
          {otherDays.length > 0 &&
            ` · ${t('waitlist.otherDays', { days: otherDays.map((d) => dayLabel(d, t.intl)).join(', ') })}`}
        </Text>
        <div>
          <Text size="sm" weight={600}>
            {t('waitlist.offers')}
          </Text>
          {entry.offers.length ? (
            <ul style={LIST}>
              {entry.offers.map((o) => (
                <li key={o.id}>
                  <OfferLine offer={o} timeZone={timeZone} now={now} />
                </li>
              ))}
            </ul>
          ) : (
            <Text size="sm" color="dimmed">
              {t('waitlist.noOffers')}
            </Text>
          )}
        </div>
        {waiting && (
          <Group spacing="xs" mt={4}>
            {entry.client && !entry.client.has_account ? (
              // No account: nothing an offer could be booked with — the desk calls and books them in.
              <Button
                size="xs"
                variant="light"
                component={Link}
                to={`/booking/create?client=${entry.client.id}`}
                leftIcon={<IconCalendarPlus size={16} aria-hidden />}
                aria-label={t('waitlist.bookFor', { name })}
              >
                {t('waitlist.book')}
              </Button>
            ) : (
              <Button
                size="xs"
                variant="light"
                leftIcon={<IconClockPlus size={16} aria-hidden />}
                aria-label={t('waitlist.offerTimeFor', { name })}
                onClick={() => onOffer(entry)}
              >
                {t('waitlist.offerTime')}
              </Button>
            )}
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftIcon={<IconTrash size={16} aria-hidden />}
              aria-label={t('waitlist.removeFor', { name })}
              onClick={() => onRemove(entry)}
            >
              {t('waitlist.remove')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  )
}
