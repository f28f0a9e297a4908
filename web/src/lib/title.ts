import { useEffect } from 'react'
import { BRAND } from './salon'

/**
 * Page title template of spec §1: '%s - {brand}'. The brand is the build's (VITE_BRAND_NAME) unless
 * the page knows the salon's own name (the home, from its data).
 */
export const pageTitle = (title?: string | null, brand: string = BRAND) => (title ? `${title} - ${brand}` : brand)

export function useDocumentTitle(title?: string | null, brand?: string) {
  useEffect(() => {
    document.title = pageTitle(title, brand)
  }, [title, brand])
}
