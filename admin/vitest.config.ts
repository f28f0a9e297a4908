import { defineConfig } from 'vitest/config'

// The pure parts (query string, error mapping, auth rules, formatting) run on node; the
// components' tests (*.test.tsx) on jsdom with Testing Library.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'pure', include: ['src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'components',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
        },
      },
    ],
  },
})
