/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Salon name used in page titles; defaults to "Salone Demo", as on the public site. */
  readonly VITE_BRAND_NAME?: string
  /**
   * Origin of the public site (login and home pages). Empty in production, where everything is one
   * origin; in development e.g. `http://localhost:5173` (cookies ignore the port, so the session
   * made there is seen here too).
   */
  readonly VITE_PUBLIC_SITE_ORIGIN?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
