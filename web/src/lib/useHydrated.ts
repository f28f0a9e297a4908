import { useSyncExternalStore } from 'react'

const never = () => () => {}

/**
 * False in the server's HTML and during hydration, true from the render after: for a control that
 * works natively before the app runs (a GET form's submit) and is only marked unavailable once the
 * app can explain why. React's own pattern: the server snapshot is used while hydrating, so the
 * first render matches the HTML and no mismatch is reported.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
}
