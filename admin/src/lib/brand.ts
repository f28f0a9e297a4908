/**
 * The salon's name in titles, as on the public site (VITE_BRAND_NAME, default "Salone Demo").
 * The `config` document will feed it once the settings screen exists.
 */
export const BRAND: string = import.meta.env.VITE_BRAND_NAME?.trim() || 'Salone Demo'

/** Spec §1 title template `%s - {brand}`. */
export const pageTitle = (page: string | undefined, brand: string = BRAND) => (page ? `${page} - ${brand}` : brand)
