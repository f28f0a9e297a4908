import { defineConfig } from 'vitest/config'

// Unit tests cover the pure parts (query string, error mapping, auth rules, formatting): no DOM needed.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
})
