import { createRequire } from 'node:module'
import { afterAll, describe, expect, it } from 'vitest'
import { restoreNativeDate } from './nativeDate'

const Native = globalThis.Date
const require = createRequire(import.meta.url)

describe('restoreNativeDate', () => {
  afterAll(() => {
    globalThis.Date = Native
  })

  it("undoes Next.js's Date extension, as server.ts does once Next has prepared", () => {
    // The extension Next installs in every server process (node-environment.js requires it).
    require('next/dist/server/node-environment-extensions/date')
    expect(globalThis.Date).not.toBe(Native)
    const madeByWrapper = new Date(86_400_000)

    expect(restoreNativeDate()).toBe(true)
    expect(globalThis.Date).toBe(Native)
    expect(new Date(0).constructor).toBe(Native)
    expect(Object.getPrototypeOf(new Date(0)).constructor).toBe(Native)
    // A Date made while the wrapper was installed is still a Date, with the same value and methods.
    expect(madeByWrapper instanceof Date).toBe(true)
    expect(madeByWrapper.toISOString()).toBe('1970-01-02T00:00:00.000Z')
    expect(Date.now()).toBeGreaterThan(0)
  })

  it('does nothing when the global is already the native one', () => {
    expect(globalThis.Date).toBe(Native)
    expect(restoreNativeDate()).toBe(false)
    expect(globalThis.Date).toBe(Native)
  })
})
