// Component and hook tests (vitest + Testing Library on jsdom): matchers, a clean DOM between
// tests, and the matchMedia Mantine asks for (jsdom has none).
import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

if (!window.matchMedia)
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList

afterEach(() => cleanup())

// Mantine's SegmentedControl measures itself (the header's language switch); jsdom has no ResizeObserver.
if (!('ResizeObserver' in window))
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
