import { Badge, Group, Text } from '@mantine/core'
import { IconCircleCheck } from '@tabler/icons-react'
import { dateFormat } from '../lib/format'
import { useT } from '../i18n/use-t'

/**
 * "Confermato dal cliente" (issue 26): the customer said they will come, through the link of their
 * SMS. Nothing when they have not; `withTime`: the moment they did, in words after it.
 */
export function CustomerConfirmed({
  at,
  timeZone,
  withTime = false,
}: {
  at: string | null | undefined
  /** The salon's zone: the moment is written in it. */
  timeZone: string
  withTime?: boolean
}) {
  const t = useT()
  if (!at) return null
  const when = dateFormat(t.intl, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(at))
  const badge = (
    <Badge
      color="green"
      variant="light"
      size="lg"
      leftSection={<IconCircleCheck size={14} aria-hidden style={{ marginTop: 4 }} />}
      sx={(theme) => ({ textTransform: 'none', color: theme.colors.green[9], fontWeight: 600 })}
    >
      {t.glossary.attendance.confirmedByCustomer}
    </Badge>
  )
  if (!withTime) return badge
  return (
    <Group spacing="xs">
      {badge}
      <Text size="sm" sx={(theme) => ({ color: theme.colors.gray[7] })}>
        {t('booking.customerConfirmedAt', { when })}
      </Text>
    </Group>
  )
}
