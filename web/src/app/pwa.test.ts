import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { RegisterSWOptions } from 'vite-plugin-pwa/types'

/** A fresh copy of the module (its state and "started" flag are per page load). */
async function load() {
  vi.resetModules()
  return import('./pwa')
}

class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing'
  become(state: ServiceWorkerState) {
    this.state = state
    this.dispatchEvent(new Event('statechange'))
  }
}

function fakeRegistration(parts: { active?: object | null; installing?: FakeWorker | null }) {
  return Object.assign(new EventTarget(), {
    active: parts.active ?? null,
    installing: parts.installing ?? null,
    waiting: null,
    update: vi.fn(async () => {}),
  }) as unknown as ServiceWorkerRegistration
}

let options: RegisterSWOptions
const registerSW = (o: RegisterSWOptions) => {
  options = o
  return async () => {}
}

beforeEach(() => {
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      controller: null,
      ready: new Promise(() => {}),
      addEventListener: () => {},
    },
  })
})

describe('PWA state', () => {
  it('starts with nothing registered, installed or pending', async () => {
    const { pwaStore } = await load()
    expect(pwaStore.get()).toEqual({
      standalone: false,
      installed: false,
      canInstall: false,
      needRefresh: false,
      offlineReady: false,
      registered: false,
      activated: false,
      registrationFailed: false,
    })
  })

  it('is registered when the worker registers, and activated when it activates', async () => {
    const { pwaStore, startPwa } = await load()
    startPwa(registerSW)
    const worker = new FakeWorker()
    options.onRegisteredSW!('/sw.js', fakeRegistration({ installing: worker }))
    expect(pwaStore.get()).toMatchObject({ registered: true, activated: false })
    worker.become('installed')
    expect(pwaStore.get().activated).toBe(false)
    worker.become('activated')
    expect(pwaStore.get().activated).toBe(true)
    options.onOfflineReady!()
    options.onNeedRefresh!()
    expect(pwaStore.get()).toMatchObject({ offlineReady: true, needRefresh: true })
  })

  it('is activated at once when an earlier visit left an active worker', async () => {
    const { pwaStore, startPwa } = await load()
    startPwa(registerSW)
    options.onRegisteredSW!('/sw.js', fakeRegistration({ active: {} }))
    expect(pwaStore.get()).toMatchObject({ registered: true, activated: true })
  })

  it('sets the registration-failed flag (spec §8) and tells the handler', async () => {
    const { pwaStore, startPwa } = await load()
    const onRegisterError = vi.fn()
    startPwa(registerSW, { onRegisterError })
    const error = new Error('blocked')
    options.onRegisterError!(error)
    expect(pwaStore.get()).toMatchObject({ registrationFailed: true, registered: false })
    expect(onRegisterError).toHaveBeenCalledWith(error)
  })

  it('is installed after the browser says appinstalled, with no install offer left', async () => {
    const { pwaStore } = await load()
    window.dispatchEvent(Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt: vi.fn() }))
    expect(pwaStore.get().canInstall).toBe(true)
    window.dispatchEvent(new Event('appinstalled'))
    expect(pwaStore.get()).toMatchObject({ installed: true, canInstall: false })
  })
})
