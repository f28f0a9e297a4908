import { afterEach, describe, expect, it, vi } from 'vitest'

/*
 * src/boot.ts starts a server-rendered page's scripts after its first paint. Each `modulepreload`
 * it adds costs the main thread a few milliseconds (four times that on Lighthouse's phone), so it
 * adds them a few per task: one long task would count in Total Blocking Time (README "Scripts
 * after the first paint").
 */

const links = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
    link.getAttribute('href'),
  )

const chunks = Array.from({ length: 10 }, (_, i) => `/assets/chunk-${i}.js`)

async function loadBoot() {
  const script = document.createElement('script')
  script.id = 'salon-boot'
  // No entry: importing it is the browser's part; the test watches the links.
  script.dataset.preload = chunks.join(' ')
  document.body.append(script)
  vi.resetModules()
  await import('./boot')
}

afterEach(() => {
  document.head.querySelectorAll('link[rel="modulepreload"]').forEach((link) => link.remove())
  document.getElementById('salon-boot')?.remove()
})

describe('boot: the route’s chunks after the first paint', () => {
  it('adds the preloads a few per task, in their order, each once', async () => {
    // A MutationObserver's callback runs once per batch of changes made in one go.
    const batches: number[] = []
    const observer = new MutationObserver((records) => {
      batches.push(records.reduce((n, record) => n + record.addedNodes.length, 0))
    })
    observer.observe(document.head, { childList: true })
    await loadBoot()
    expect(links()).toEqual([])

    // jsdom has no paint timing: boot starts on the first frame, or after 200 ms.
    await vi.waitFor(() => expect(links()).toHaveLength(chunks.length), { timeout: 2000 })
    observer.disconnect()
    expect(links()).toEqual(chunks)
    expect(batches).toEqual([4, 4, 2])
    const preloads = document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')
    expect([...preloads].every((link) => link.crossOrigin === '')).toBe(true)
  })
})
