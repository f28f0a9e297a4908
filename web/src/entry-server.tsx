/**
 * The server side of the public site's prerender (web/README.md "Prerender and hydration"), built
 * by `vite build --ssr src/entry-server.tsx` into `dist-server/entry-server.mjs`. Used by
 *  - `scripts/prerender.mjs` at build time: `/`, `/terms`, `/privacy`, `/map-site` → `dist-pages/`;
 *  - `cms/server.ts` at request time: `/` with the current `/api/pages/home`, `/reserve` with its
 *    times, `/login` with its query, and the head of the other prerendered pages with the public
 *    origin and the salon's name.
 * The same components as the browser's bundle, rendered with react-router's static handler; the
 * browser hydrates the result (main.tsx).
 */
import fs from 'node:fs'
import path from 'node:path'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { PUBLIC_ROUTES } from '@salon/shared/routes'
import { AppProviders } from './app/App'
import { headFor, headHtml } from './app/head'
import { HYDRATION_DATA_ID, scriptJson } from './app/hydration'
import { buildRoutes, SCREENS, type PublicRouteName } from './app/routes'
import type { HomeData, HomeRenderContext } from './features/home/api'
import { catalogueOf, type ReserveRenderContext, type ReserveSeed, type SeedCatalogue } from './features/booking/seed'

export { headFor, headHtml }

/** The routes prerendered at build time (and served from `dist-pages/<name>.html`). */
export const PRERENDERED = ['home', 'terms', 'privacy', 'map-site'] as const satisfies readonly PublicRouteName[]
/** Routes the server renders per request (cms/src/content): the prerendered ones, the booking wizard and the login. */
export const SERVER_RENDERED = [...PRERENDERED, 'reserve', 'login'] as const satisfies readonly PublicRouteName[]
export type PrerenderedRoute = (typeof SERVER_RENDERED)[number]
export type { ReserveSeed }

export const HEAD_START = '<!--salon:head-->'
export const HEAD_END = '<!--salon:/head-->'
const PRELOAD_SLOT = '<!--salon:preload-->'

export interface RenderInput {
  /** The current `/api/pages/home`; `null` for the build-time frame (no database at build time). */
  home: HomeData | null
  /** The public origin for the canonical URL and Open Graph (`https://salone.example`). */
  origin: string
  /** The path and query rendered (`/reserve?services=3`); default: the route's path. */
  url?: string
  /** `/reserve`: the times the page is rendered with (the catalogue is `home`'s). */
  reserveTimes?: ReserveSeed['times']
}

interface ManifestChunk {
  file: string
  src?: string
  imports?: string[]
}

const pathOf = (route: PrerenderedRoute) => PUBLIC_ROUTES.find((r) => r.name === route)!.path

/** Renders a route's markup and the loaders' data for hydration. */
export async function renderRoute(route: PrerenderedRoute, home: HomeData | null, input: Partial<RenderInput> = {}) {
  const handler = createStaticHandler(buildRoutes())
  const requestContext: HomeRenderContext & ReserveRenderContext = { home }
  if (route === 'reserve') {
    if (!home) throw new Error('reserve: no catalogue to render with')
    requestContext.reserve = {
      catalogue: catalogueOf(home as unknown as SeedCatalogue),
      times: input.reserveTimes ?? null,
    }
  }
  const url = new URL(input.url ?? pathOf(route), 'http://localhost')
  if (url.pathname !== pathOf(route)) throw new Error(`${route}: ${url.pathname} is not its path`)
  const context = await handler.query(new Request(url), { requestContext })
  if (context instanceof Response) throw new Error(`${route}: the router answered a redirect (${context.status})`)
  if (context.errors) throw new Error(`${route}: ${JSON.stringify(context.errors)}`)
  const router = createStaticRouter(handler.dataRoutes, context)
  const html = renderToString(
    <StrictMode>
      <AppProviders router={null}>
        {/* hydrate={false}: its inline hydration script would be blocked by the CSP; the data goes in a JSON block. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  )
  return { html, hydration: { loaderData: context.loaderData, actionData: context.actionData, errors: null } }
}

/**
 * Reads the client build once (`dist/index.html`, the pristine shell; its stylesheet; the
 * manifest) and returns the functions that turn it into pages.
 */
export function createPageRenderer(distDir: string) {
  const shell = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8')
  if (shell.includes(HEAD_START)) throw new Error(`${distDir}/index.html is a rendered page, not the shell`)
  const manifestFile = path.join(distDir, '.vite', 'manifest.json')
  const manifest: Record<string, ManifestChunk> = fs.existsSync(manifestFile)
    ? JSON.parse(fs.readFileSync(manifestFile, 'utf8'))
    : {}

  // The entry stylesheet inline: a prerendered page paints without waiting for another round trip
  // (the CSP allows inline styles). The file stays in the build for the plain shell and the SW.
  let template = shell.replace(
    /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g,
    (_tag, href: string) => {
      const css = fs.readFileSync(path.join(distDir, href), 'utf8')
      return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`
    },
  )
  // The page is readable before any script runs, so its scripts give way to the first paint and
  // the LCP image: the entry script at low priority (Chrome fetches module scripts high by
  // default), and no modulepreload of its imports (they would download in parallel with the image;
  // the entry script names them a round trip later). The plain shell keeps both: there the
  // scripts are the page.
  template = template
    .replace(/<script type="module"/g, '<script type="module" fetchpriority="low"')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
  // Better still, no script at all before the first paint: the page names only `src/boot.ts`,
  // which imports the entry (and preloads the route's chunks) once the page has painted. A phone
  // paints without sharing the link with ~150 KiB of scripts, and Lighthouse's model stops
  // counting them in the LCP (README "Scripts after the first paint"). An older build without
  // the boot chunk keeps the entry script as it is.
  const bootChunk = Object.values(manifest).find((c) => c.src === 'src/boot.ts')
  const holdChunk = Object.values(manifest).find((c) => c.src === 'src/holdSubmit.ts')
  const entryTag = bootChunk ? /\s*<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/.exec(template) : null
  const entrySrc = entryTag?.[1] ?? null
  if (entryTag) template = template.replace(entryTag[0], '')
  // The shell's generic title and description make way for the page's head.
  template = template
    .replace(/\s*<title>[\s\S]*?<\/title>/, '')
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace('</head>', `  ${HEAD_START}${HEAD_END}\n  </head>`)
  // React writes a `<link rel="preload" as="image">` for the `fetchpriority="high"` image at the
  // start of its markup; in the head, before the inline stylesheet, the browser asks for the LCP
  // image while it still reads the page.
  template = template.replace(/<meta charset="[^"]*"\s*\/?>/i, (tag) => `${tag}\n    ${PRELOAD_SLOT}`)
  if (!template.includes(PRELOAD_SLOT)) throw new Error('index.html has no <meta charset>')
  if (!template.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root">')

  /** A lazy screen's chunk and what it imports (main.tsx awaits it before hydrating): preloaded. */
  const preloads = (route: PrerenderedRoute) => {
    const screen = SCREENS[route]
    if (!('load' in screen)) return []
    const key = Object.keys(manifest).find((k) => k.endsWith(`/${screen.name}.tsx`))
    if (!key) return []
    const files = new Set<string>()
    const walk = (k: string) => {
      const chunk = manifest[k]
      if (!chunk || files.has(chunk.file)) return
      files.add(chunk.file)
      for (const dep of chunk.imports ?? []) if (manifest[dep]?.src !== 'index.html') walk(dep)
    }
    walk(key)
    return [...files].map((f) => `/${f}`)
  }

  /** The page's scripts: the boot chunk naming the entry and the route's chunks, or (older build) the preloads. */
  const scripts = (route: PrerenderedRoute) => {
    const files = preloads(route)
    // `/login`: a sign-in tapped before hydration is held and replayed (src/holdSubmit.ts), before boot runs.
    const hold =
      route === 'login' && holdChunk ? `<script type="module" crossorigin src="/${holdChunk.file}"></script>\n    ` : ''
    if (bootChunk && entrySrc)
      return `${hold}<script type="module" fetchpriority="low" crossorigin id="salon-boot" src="/${bootChunk.file}" data-entry="${entrySrc}" data-preload="${files.join(' ')}"></script>`
    return files.map((f) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${f}" />`).join('\n    ')
  }

  /** The page's head block (between the markers), from `headFor`. */
  const headBlock = (route: PrerenderedRoute, { home, origin }: RenderInput) =>
    `${HEAD_START}\n    ${headHtml(headFor(route, home, origin))}\n    ${scripts(route)}\n    ${HEAD_END}`

  return {
    /** A whole page: head, markup, hydration data. */
    async render(route: PrerenderedRoute, input: RenderInput): Promise<string> {
      const rendered = await renderRoute(route, input.home, input)
      const preloads: string[] = []
      const html = rendered.html.replace(/^(?:<link rel="preload"[^>]*>)+/, (tags) => {
        preloads.push(tags)
        return ''
      })
      const hydration = rendered.hydration
      return template
        .replace(PRELOAD_SLOT, () => preloads.join(''))
        .replace(`${HEAD_START}${HEAD_END}`, () => headBlock(route, input))
        .replace(
          '<div id="root"></div>',
          () =>
            `<div id="root">${html}</div>\n    <script type="application/json" id="${HYDRATION_DATA_ID}">${scriptJson(hydration)}</script>`,
        )
    },
    /** A page rendered earlier with a new head (the public origin, the salon's current name). */
    withHead(page: string, route: PrerenderedRoute, input: RenderInput): string {
      const start = page.indexOf(HEAD_START)
      const end = page.indexOf(HEAD_END)
      if (start < 0 || end < start) throw new Error(`${route}: no head markers in the page`)
      return page.slice(0, start) + headBlock(route, input) + page.slice(end + HEAD_END.length)
    },
  }
}

export type PageRenderer = ReturnType<typeof createPageRenderer>
