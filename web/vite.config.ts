import { defineConfig, loadEnv, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'

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

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, import.meta.dirname, 'VITE_')
  const brand = env.VITE_BRAND_NAME?.trim() || DEFAULT_BRAND
  const proxy = { '/api': API_ORIGIN, '/dashboard': API_ORIGIN }

  return {
    define: { 'import.meta.env.VITE_BRAND_NAME': JSON.stringify(brand) },
    plugins: [
      react(),
      brandHtml(brand),
      VitePWA({
        registerType: 'autoUpdate',
        // Registered by src/app/pwa.ts (reload guard + periodic update check); with a manual
        // registration the plugin no longer turns on skipWaiting/clientsClaim, so workbox does below.
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
            { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
        },
        workbox: {
          // Everything in dist/ (app shell, icons; the plugin adds the manifest): the site opens offline.
          globPatterns: ['**/*.{js,css,html,svg,png}'],
          navigateFallback: '/index.html',
          // The API and the admin SPA are other applications on the same origin.
          navigateFallbackDenylist: [/^\/api\//, /^\/dashboard/],
          cleanupOutdatedCaches: true,
          // autoUpdate: a new worker takes over at once and the page reloads (src/app/pwa.ts).
          skipWaiting: true,
          clientsClaim: true,
        },
        devOptions: { enabled: false },
      }),
    ],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: false,
      target: 'es2022',
      rolldownOptions: {
        output: {
          // React, react-dom and react-router in one chunk of their own: ~90 % of the home's
          // JavaScript, and it changes only when they are upgraded, so a deploy of app code keeps
          // it cached. Screens other than the home are split by route (src/app/routes.tsx).
          codeSplitting: {
            groups: [{ name: 'vendor', test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ }],
          },
        },
      },
    },
    server: { proxy },
    preview: { proxy },
  }
})
