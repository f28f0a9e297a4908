import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

/** The cms (Payload on Next.js) in development; production serves everything from one origin. */
const API_ORIGIN = 'http://localhost:3000'

/**
 * Packages that @refinedev/mantine and @refinedev/core import at the top of their single-file
 * bundles for features the dashboard does not use (MarkdownField, CSV import/export, devtools
 * stack traces). They are pure libraries, so telling the bundler so lets it drop them (~100 kB).
 */
const PURE_UNUSED_DEPENDENCIES = new RegExp(
  '[\\\\/]node_modules[\\\\/](?:\\.pnpm[\\\\/][^\\\\/]+[\\\\/]node_modules[\\\\/])?' +
    '(?:react-markdown|remark-[^\\\\/]+|micromark[^\\\\/]*|mdast-[^\\\\/]+|unist-[^\\\\/]+|hast-[^\\\\/]+|' +
    'property-information|vfile[^\\\\/]*|unified|trough|bail|markdown-table|ccount|comma-separated-tokens|' +
    'space-separated-tokens|style-to-object|inline-style-parser|parse-entities|repeat-string|mdurl|' +
    'papaparse|error-stack-parser|stackframe)[\\\\/]',
)

/** React and the router change with upgrades only: their own chunk stays cached across releases. */
const REACT_CORE =
  /[\\/]node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?(?:react|react-dom|scheduler|react-router)[\\/]/

export default defineConfig({
  // The cms serves this build under /dashboard/ (one origin with the API and the public site).
  base: '/dashboard/',
  plugins: [react()],
  resolve: {
    // qs (in @refinedev/core) needs only a WeakMap/Map store: src/lib/side-channel.cjs says why.
    alias: { 'side-channel': fileURLToPath(new URL('./src/lib/side-channel.cjs', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      treeshake: { moduleSideEffects: [{ test: PURE_UNUSED_DEPENDENCIES, sideEffects: false }] },
      output: { codeSplitting: { groups: [{ name: 'react', test: REACT_CORE }] } },
    },
  },
  server: { port: 5174, strictPort: true, proxy: { '/api': API_ORIGIN } },
  preview: { port: 5174, proxy: { '/api': API_ORIGIN } },
})
