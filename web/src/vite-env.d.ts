/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Salon name used in titles and the manifest; defaults to "Salone Demo" (vite.config.ts). */
  readonly VITE_BRAND_NAME: string
  /** Salon phone shown where online booking is not available yet. */
  readonly VITE_SALON_PHONE?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
