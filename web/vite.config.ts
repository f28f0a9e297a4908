import { defineConfig, loadEnv, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
// Relative: the config loader bundles a relative import but hands a package's .ts to Node.
import { resolveCustomMedia } from '../shared/src/breakpoints'

const PRIMARY = '#2b7a3b'
const DEFAULT_BRAND = 'Salone Demo'
/** The cms (Payload on Next.js) in development; production serves everything from one origin. */
const API_ORIGIN = 'http://localhost:3000'

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** Puts the brand into index.html (`%BRAND%`), so the first paint already has the right title. */
const brandHtml = (brand: string): Plugin => ({
  name: 'salon-brand-html',
  transformIndexHtml: (html) => html.replaceAll('%BRAND%', escapeHtml(brand)),
})

/**
 * `@media (--md)` in the CSS: the spec §9 breakpoints of shared/ replace the custom media names
 * before Vite's CSS pipeline sees them (README "Breakpoints"). An unknown name fails the build.
 */
const customMedia = (): Plugin => ({
  name: 'salon-custom-media',
  enforce: 'pre',
  transform(code, id) {
    if (!/\.css(\?|$)/.test(id)) return null
    const out = resolveCustomMedia(code)
    return out === code ? null : { code: out, map: null }
  },
})

export default defineConfig(({ mode, isSsrBuild }) => {
  const env = loadEnv(mode, import.meta.dirname, 'VITE_')
  const brand = env.VITE_BRAND_NAME?.trim() || DEFAULT_BRAND
  const proxy = { '/api': API_ORIGIN, '/dashboard': API_ORIGIN }

  return {
    define: { 'import.meta.env.VITE_BRAND_NAME': JSON.stringify(brand) },
    plugins: [
      react(),
      brandHtml(brand),
      customMedia(),
      VitePWA({
        // A new build waits until the visitor taps "Aggiorna" (src/app/pwa.ts), so a form being
        // filled in is never reloaded away. Registered by pwa.ts (idle after load).
        registerType: 'prompt',
        injectRegister: false,
        strategies: 'generateSW',
        filename: 'sw.js',
        manifestFilename: 'manifest.webmanifest',
        scope: '/',
        base: '/',
        // The glob below already precaches public/; listing the icons twice would duplicate entries.
        includeManifestIcons: false,
        manifest: {
          id: '/',
          name: `${brand} · Prenota il tuo appuntamento`,
          short_name: brand,
          description: `Prenota online i servizi di ${brand}.`,
          lang: 'it',
          dir: 'ltr',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          orientation: 'portrait',
          theme_color: PRIMARY,
          background_color: '#ffffff',
          icons: [
            { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            { src: '/maskable-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
            { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
        },
        workbox: {
          // Code, styles, icons and the offline page. No other HTML: pages come from the network
          // first (the home's content changes with the salon's data); a precached index.html would
          // answer "/" before the NetworkFirst route below.
          globPatterns: ['**/*.{js,css,svg,png}', 'offline.html'],
          navigateFallback: null,
          cleanupOutdatedCaches: true,
          // 'prompt': the new worker waits; "Aggiorna" sends SKIP_WAITING (generateSW adds the listener).
          skipWaiting: false,
          // The first install controls the page at once, so the site opens offline after one visit.
          clientsClaim: true,
          // NetworkFirst navigations do not wait for the worker to start.
          navigationPreload: true,
          // Functions are serialised into sw.js: they must not use anything outside themselves.
          runtimeCaching: [
            {
              // Pages: the network, the last copy after 4 s or offline, else the offline page.
              urlPattern: ({ request, url }) =>
                request.mode === 'navigate' &&
                !url.pathname.startsWith('/api/') &&
                !url.pathname.startsWith('/dashboard'),
              handler: 'NetworkFirst',
              options: {
                cacheName: 'pages',
                networkTimeoutSeconds: 4,
                expiration: { maxEntries: 20 },
                cacheableResponse: { statuses: [200] },
                precacheFallback: { fallbackURL: '/offline.html' },
              },
            },
            {
              // The home's data: fresh when online (never a banner the salon just hid), readable offline.
              urlPattern: ({ url }) => url.pathname === '/api/pages/home',
              handler: 'NetworkFirst',
              options: {
                cacheName: 'home-data',
                networkTimeoutSeconds: 4,
                expiration: { maxEntries: 1, maxAgeSeconds: 30 * 24 * 3600 },
                cacheableResponse: { statuses: [200] },
              },
            },
            {
              // The salon's images (carousel, banners, team) — files never change under one name
              // except by upsert, so NetworkFirst too, with a cap.
              urlPattern: ({ url }) =>
                url.pathname.startsWith('/api/upload/file/') || url.pathname.startsWith('/api/img/'),
              handler: 'NetworkFirst',
              options: {
                cacheName: 'images',
                networkTimeoutSeconds: 4,
                expiration: { maxEntries: 80, maxAgeSeconds: 30 * 24 * 3600 },
                cacheableResponse: { statuses: [200] },
              },
            },
            // Every other API request (sessions, bookings, personal data) only from the network.
            // Runtime routes match GET only and the Cache API cannot store other methods: writes
            // are never cached either way.
            { urlPattern: ({ url }) => url.pathname.startsWith('/api/'), handler: 'NetworkOnly' },
          ],
        },
        devOptions: { enabled: false },
      }),
    ],
    // `vite build --ssr src/entry-server.tsx --outDir dist-server` (the prerender, web/README.md):
    // one self-contained file for Node — dependencies bundled, so cms/server.ts can load it from
    // anywhere without web/'s node_modules layout.
    ssr: { noExternal: true },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: false,
      target: 'es2022',
      // The prerender reads which chunk holds a lazy screen, to preload it (src/entry-server.tsx).
      manifest: !isSsrBuild,
      rolldownOptions: isSsrBuild
        ? {}
        : {
            // src/boot.ts: the one script a server-rendered page names; it starts index.html's
            // entry after the first paint (src/entry-server.tsx, README "Scripts after the first paint").
            // src/holdSubmit.ts: `/login`'s second one, a sign-in tapped before hydration (README).
            input: { index: 'index.html', boot: 'src/boot.ts', holdSubmit: 'src/holdSubmit.ts' },
            output: {
              // React, react-dom and react-router in one chunk of their own: ~90 % of the home's
              // JavaScript, and it changes only when they are upgraded, so a deploy of app code keeps
              // it cached. Screens other than the home are split by route (src/app/routes.tsx).
              codeSplitting: {
                groups: [
                  { name: 'vendor', test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
                ],
              },
            },
          },
    },
    server: { proxy },
    preview: { proxy },
  }
})
