import { Center, Loader, type MantineNumberSize } from '@mantine/core'
import { useT } from '../i18n/use-t'
import { SrOnly } from './sr-only'

/**
 * A spinner that says what is loading: a status region with the words for screen readers; the
 * drawing itself is hidden from them (a label on Mantine's presentational svg is an ARIA error).
 */
export function Spinner({ label, size }: { label: string; size?: MantineNumberSize }) {
  return (
    <span role="status" style={{ display: 'inline-flex' }}>
      <Loader size={size} aria-hidden="true" />
      <SrOnly>{label}</SrOnly>
    </span>
  )
}

/** Shown while a lazy screen loads or the session is being checked. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  const t = useT()
  return (
    <Center h={fullScreen ? '100vh' : 240} aria-busy="true">
      <Spinner label={t('loader.label')} />
    </Center>
  )
}
