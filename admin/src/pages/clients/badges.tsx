import { Badge, Group } from '@mantine/core'
import { IconAlertTriangle, IconBan, IconDeviceMobile } from '@tabler/icons-react'
import { useT } from '../../i18n/use-t'

/**
 * What the desk must see at a glance on a card, in the list and on the card itself: an allergy
 * (red, the word "Allergies" with the allergy itself as the badge's title), a login account
 * ("App account": the person books online too), online booking blocked. Words, not only colours;
 * text dark on light (AA).
 */
export function ClientBadges({
  allergies,
  hasAccount,
  blocked,
}: {
  allergies: string | null | undefined
  hasAccount: boolean
  blocked: boolean
}) {
  const t = useT()
  const dark = { textTransform: 'none' as const, fontWeight: 700 }
  if (!allergies && !hasAccount && !blocked) return null
  return (
    <Group spacing={6}>
      {allergies && (
        <Badge
          color="red"
          variant="filled"
          leftSection={<IconAlertTriangle size={12} aria-hidden style={{ display: 'block' }} />}
          sx={(theme) => ({ ...dark, backgroundColor: theme.colors.red[8] })}
          title={allergies}
        >
          {t('clients.badge.allergy')}
        </Badge>
      )}
      {blocked && (
        <Badge
          color="orange"
          variant="light"
          leftSection={<IconBan size={12} aria-hidden style={{ display: 'block' }} />}
          sx={(theme) => ({ ...dark, color: theme.colors.orange[9] })}
        >
          {t.glossary.desk.blockedOnline}
        </Badge>
      )}
      {hasAccount && (
        <Badge
          color="blue"
          variant="light"
          leftSection={<IconDeviceMobile size={12} aria-hidden style={{ display: 'block' }} />}
          sx={(theme) => ({ ...dark, color: theme.colors.blue[9] })}
        >
          {t('clients.badge.account')}
        </Badge>
      )}
    </Group>
  )
}
