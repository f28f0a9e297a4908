import type { ReactNode } from 'react'
import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconHome, IconMoodSad } from '@tabler/icons-react'
import { HOME_PATH, publicUrl } from '../providers/navigation'
import { useT } from '../i18n/use-t'

export interface ErrorScreenProps {
  statusCode: number
  /** e.g. `Page Not Found: /dashboard/xyz` */
  statusMessage: string
  /** Detail, shown when it says more than the status message. */
  message?: string
  /** Extra actions next to "Torna alla home" (e.g. reload). */
  actions?: ReactNode
}

/**
 * Spec §2 error screen: "<code> error" and the status message (verbatim, as the spec writes them),
 * the error message, an apology in the dashboard's language, and 'Torna alla home' to the site's home (a full page load: it is the public SPA).
 */
export function ErrorScreen({ statusCode, statusMessage, message, actions }: ErrorScreenProps) {
  const t = useT()
  const apology = statusCode === 404 ? t('error.notFound') : t('error.generic')
  return (
    <Stack align="center" justify="center" spacing="md" py="xl" mih="60vh" role="alert" data-testid="error-screen">
      <ThemeIcon size={96} radius={48} variant="light" color="salon" aria-hidden>
        <IconMoodSad size={64} stroke={1.5} />
      </ThemeIcon>
      <Title order={1} align="center">
        {statusCode} error
      </Title>
      <Text size="lg" weight={600} align="center" sx={{ wordBreak: 'break-word' }}>
        {statusMessage}
      </Text>
      {message && message !== statusMessage && (
        <Text color="dimmed" align="center" sx={{ wordBreak: 'break-word' }}>
          {message}
        </Text>
      )}
      <Text align="center">{apology}</Text>
      <Group position="center">
        <Button component="a" href={publicUrl(HOME_PATH)} leftIcon={<IconHome size={18} />}>
          {t('error.home')}
        </Button>
        {actions}
      </Group>
    </Stack>
  )
}
