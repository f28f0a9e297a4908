/**
 * Who the public site speaks for. Build-time values for now (VITE_BRAND_NAME, VITE_SALON_PHONE);
 * the salon's `config` document (name, phone, address) will feed these once the home page
 * reads `/api/pages/home`.
 */
export const BRAND: string = import.meta.env.VITE_BRAND_NAME || 'Salone Demo'

const DEMO_PHONE = '+39 02 1234 5678'
export const SALON_PHONE: string = import.meta.env.VITE_SALON_PHONE?.trim() || DEMO_PHONE

/** `tel:` href for a human-written phone number. */
export const telHref = (phone: string) => 'tel:' + phone.replace(/[^\d+]/g, '')
