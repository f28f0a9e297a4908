/**
 * The `<head>` of each public page — title, description, canonical URL, robots, Open Graph,
 * Twitter card and (home) the salon's JSON-LD — from ONE function, `headFor`, used by the build's
 * prerender (scripts/prerender.mjs), by the server's render of `/` (cms/src/content/homeHtml.ts, via
 * entry-server.tsx) and by the browser on client navigations (HeadManager). So a link preview, a
 * crawler without JavaScript and a visitor's tab all read the same values.
 */
import { imageUrl, imageVersion } from '@salon/shared/imageUrls'
import { PUBLIC_ROUTES } from '@salon/shared/routes'
import { jsonLdScriptBody, metaFor, salonJsonLd, type SeoHome } from '@salon/shared/seo'
import type { HomeData } from '../features/home/api'
import { t } from '../lib/i18n'
import { BRAND } from '../lib/salon'
import { pageTitle } from '../lib/title'
import type { PublicRouteName } from './routes'

/** One `<meta>`: Open Graph uses `property`, Twitter `name`. */
export interface HeadMeta {
  key: 'property' | 'name'
  id: string
  content: string
}

export interface Head {
  title: string
  description: string
  /** Absolute URL of the page. */
  canonical: string
  robots: string
  meta: HeadMeta[]
  /** schema.org `HairSalon` (home only). */
  jsonLd: Record<string, unknown> | null
}

/**
 * The screens' own titles (the same strings their `useDocumentTitle` sets), so the title the
 * server wrote is the one the page keeps after hydrating.
 */
const SCREEN_TITLES: Partial<Record<PublicRouteName, string>> = {
  home: t.home.title,
  terms: t.info.termsTitle,
  privacy: t.info.privacyTitle,
  'map-site': t.info.siteMapTitle,
  reserve: t.booking.title,
}

/** The link-preview picture: the first carousel image, 1200 × 630 JPEG (what every network shows large). */
export const OG_IMAGE = { width: 1200, height: 630 } as const

function previewImage(home: HomeData | null, alt: string) {
  const first = home?.carousel.find((u) => u.filename)
  if (!first?.filename) return null
  return {
    url: imageUrl(
      first.filename,
      { width: OG_IMAGE.width, height: OG_IMAGE.height, fit: 'cover', format: 'jpeg', quality: 80 },
      imageVersion(first.updatedAt),
    ),
    width: OG_IMAGE.width,
    height: OG_IMAGE.height,
    alt: first.alt?.trim() || alt,
  }
}

/**
 * The head of a public route (by its name in PUBLIC_ROUTES; an unknown name gets the generic,
 * `noindex` head). `home` is the current `/api/pages/home` when known (the salon's name, the preview
 * image, the JSON-LD), `origin` the public origin (`https://salone.example`).
 */
export function headFor(route: string, home: HomeData | null, origin: string): Head {
  const salon = home?.config?.businessName?.trim() || BRAND
  const known = PUBLIC_ROUTES.some((r) => r.name === route)
  const meta = metaFor(known ? route : { path: '/', name: route, layout: 'blank' }, {
    origin,
    businessName: salon,
    image: previewImage(home, salon),
  })
  const screenTitle = SCREEN_TITLES[route as PublicRouteName]
  // Spec §1's template; the home carries the salon's own name, the other screens the build's brand.
  const title = screenTitle ? pageTitle(screenTitle, route === 'home' ? salon : BRAND) : meta.title
  const og: Record<string, string> = { ...meta.og, 'og:title': title }
  const twitter: Record<string, string> = {
    ...meta.twitter,
    'twitter:title': title,
    'twitter:description': meta.description,
    ...(og['og:image'] ? { 'twitter:image': og['og:image'] } : {}),
  }
  return {
    title,
    description: meta.description,
    canonical: meta.canonical,
    robots: meta.robots,
    meta: [
      ...Object.entries(og).map(([id, content]) => ({ key: 'property' as const, id, content })),
      ...Object.entries(twitter).map(([id, content]) => ({ key: 'name' as const, id, content })),
    ],
    jsonLd: route === 'home' && home ? salonJsonLd(home as unknown as SeoHome, origin, 'HairSalon') : null,
  }
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** The id of the JSON-LD block, so the browser can replace it on navigation. */
export const JSON_LD_ID = 'ld-salon'

/** The head as HTML (every value escaped; the JSON-LD's `<` written as `\u003c`). */
export function headHtml(head: Head): string {
  const lines = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    `<meta name="robots" content="${escapeHtml(head.robots)}" />`,
    ...head.meta.map((m) => `<meta ${m.key}="${escapeHtml(m.id)}" content="${escapeHtml(m.content)}" />`),
  ]
  if (head.jsonLd)
    lines.push(`<script type="application/ld+json" id="${JSON_LD_ID}">${jsonLdScriptBody(head.jsonLd)}</script>`)
  return lines.join('\n    ')
}

/** `<meta name|property=…>`, created when missing. */
function metaElement(doc: Document, key: 'name' | 'property', id: string): HTMLMetaElement {
  let el = doc.head.querySelector<HTMLMetaElement>(`meta[${key}="${id}"]`)
  if (!el) {
    el = doc.createElement('meta')
    el.setAttribute(key, id)
    doc.head.appendChild(el)
  }
  return el
}

/**
 * Puts a head into the live document (client navigations). The title is left to the screen
 * (`useDocumentTitle`, the same value for the pages `headFor` knows): screens without an entry in
 * SCREEN_TITLES name themselves.
 */
export function applyHead(head: Head, doc: Document = document) {
  metaElement(doc, 'name', 'description').content = head.description
  metaElement(doc, 'name', 'robots').content = head.robots
  let canonical = doc.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')
  if (!canonical) {
    canonical = doc.createElement('link')
    canonical.rel = 'canonical'
    doc.head.appendChild(canonical)
  }
  canonical.href = head.canonical
  const wanted = new Set(head.meta.map((m) => `${m.key}:${m.id}`))
  for (const el of doc.head.querySelectorAll<HTMLMetaElement>('meta[property^="og:"], meta[name^="twitter:"]')) {
    const key = el.hasAttribute('property') ? 'property' : 'name'
    if (!wanted.has(`${key}:${el.getAttribute(key)}`)) el.remove()
  }
  for (const m of head.meta) metaElement(doc, m.key, m.id).content = m.content
  doc.getElementById(JSON_LD_ID)?.remove()
  if (head.jsonLd) {
    // A data block, not a script: CSP `script-src 'self'` does not apply to it.
    const script = doc.createElement('script')
    script.type = 'application/ld+json'
    script.id = JSON_LD_ID
    script.textContent = JSON.stringify(head.jsonLd)
    doc.head.appendChild(script)
  }
}
