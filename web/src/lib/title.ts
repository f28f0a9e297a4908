import { useEffect } from 'react'
import { BRAND } from './salon'

/** Page title template of spec §1: '%s - {brand}'. */
export const pageTitle = (title?: string | null) => (title ? `${title} - ${BRAND}` : BRAND)

export function useDocumentTitle(title?: string | null) {
  useEffect(() => {
    document.title = pageTitle(title)
  }, [title])
}
