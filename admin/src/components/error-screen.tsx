import type { ReactNode } from 'react'
import { ERROR_SCREEN_WORDS, HTTP_STATUS_TEXT } from '@salon/shared/errorScreen'
import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { ROUTE_NAMES } from '@salon/shared/routes'
import { IconHome, IconMoodSad } from '@tabler/icons-react'

/**
 * The spec's words (§2), in Italian whatever the dashboard's language — the public site's own
 * (`shared/src/errorScreen.ts`, which `web/src/lib/i18n.ts` `error.*` spreads).
 */
export const ERROR_WORDS = ERROR_SCREEN_WORDS

/** The dashboard's home: "Torna alla home" leads here (a full load: it works outside the router too). */
export const DASHBOARD_HOME: string = ROUTE_NAMES.dashboard

export interface ErrorScreenProps {
  statusCode: number
  /** The status message (`Not Found`); the code's standard one when absent. */
  statusMessage?: string
  /** The error message, e.g. `Page Not Found: /dashboard/xyz`. */
  message?: string
  /** Extra actions next to "Torna alla home" (e.g. reload). */
  actions?: ReactNode
}

/**
 * Spec §2 error screen, like the public site's: "<code> error", the status message, the error
 * message, the Italian apology (the page seems not to exist; for other errors, that something did
 * not work) and "Torna alla home" with a home icon, to the dashboard's home.
 */
export function ErrorScreen({ statusCode, statusMessage, message, actions }: ErrorScreenProps) {
  const status = statusMessage || HTTP_STATUS_TEXT[statusCode] || 'Error'
  return (
    <Stack align="center" justify="center" spacing="md" py="xl" mih="60vh" role="alert" data-testid="error-screen">
      <ThemeIcon size={96} radius={48} variant="light" color="salon" aria-hidden>
        <IconMoodSad size={64} stroke={1.5} />
      </ThemeIcon>
      <Title order={1} align="center">
        {statusCode} error
      </Title>
      <Text size="lg" weight={600} align="center" sx={{ wordBreak: 'break-word' }}>
        {status}
      </Text>
      {message && message !== status && (
        <Text align="center" sx={(theme) => ({ wordBreak: 'break-word', color: theme.colors.gray[7] })}>
          {message}
        </Text>
      )}
      <Text align="center" lang="it">
        {statusCode === 404 ? ERROR_WORDS.apology : ERROR_WORDS.fatalApology}
      </Text>
      <Group position="center">
        <Button component="a" href={DASHBOARD_HOME} lang="it" leftIcon={<IconHome size={18} aria-hidden />}>
          {ERROR_WORDS.backHome}
        </Button>
        {actions}
      </Group>
    </Stack>
  )
}
