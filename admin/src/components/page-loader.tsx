import { Center, Loader } from '@mantine/core'
import { useT } from '../i18n/use-t'

/** Shown while a lazy screen loads or the session is being checked. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  const t = useT()
  return (
    <Center h={fullScreen ? '100vh' : 240} aria-busy="true" aria-label={t('loader.label')}>
      <Loader />
    </Center>
  )
}
