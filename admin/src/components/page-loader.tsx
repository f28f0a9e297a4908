import { Center, Loader } from '@mantine/core'

/** Shown while a lazy screen loads or the session is being checked. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Center h={fullScreen ? '100vh' : 240} aria-busy="true" aria-label="Caricamento">
      <Loader />
    </Center>
  )
}
