import { afterEach, describe, expect, it, vi } from 'vitest'
import type { LoaderFunctionArgs } from 'react-router'
import { homeLoader, spanningImage, squareImage, type HomeData, type UploadDoc } from './api'

const data = {
  config: null,
  carousel: [],
  banners: [],
  categories: [],
  operators: [],
  openingHours: [],
  closures: [],
} satisfies HomeData

const args = (context?: unknown, signal = new AbortController().signal) =>
  ({ request: new Request('http://localhost/', { signal }), params: {}, context }) as unknown as LoaderFunctionArgs

describe('homeLoader', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('on the server takes the data from the render context: ready with it, pending without (build-time frame)', async () => {
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    expect(await homeLoader(args({ home: data }))).toEqual({ status: 'ready', data })
    expect(await homeLoader(args({ home: null }))).toEqual({ status: 'pending' })
    expect(fetch).not.toHaveBeenCalled()
  })

  it('in the browser fetches GET /api/pages/home, revalidating with the browser cache', async () => {
    const fetch = vi.fn(async () => Response.json(data))
    vi.stubGlobal('fetch', fetch)
    expect(await homeLoader(args(undefined))).toEqual({ status: 'ready', data })
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/pages/home')
    expect(init.cache).toBe('no-cache')
  })

  it('a failed fetch is an error state the page can retry, network errors told apart', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    expect(await homeLoader(args(undefined))).toEqual({ status: 'error', network: true })
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ errors: [{ message: 'no' }] }, { status: 404 })),
    )
    expect(await homeLoader(args(undefined))).toEqual({ status: 'error', network: false })
  })
})

const photo: UploadDoc = {
  id: 1,
  filename: 'salone 1.jpg',
  width: 1600,
  height: 900,
  updatedAt: '2026-11-20T10:00:00Z',
}

describe('image sources', () => {
  it('a spanning image: /api/img WebP q80 at each width up to the original, 640 as src, its proportions', () => {
    const img = spanningImage(photo)
    expect(img.src).toBe('/api/img/w_640,f_webp,q_80/salone%201.jpg?v=2026-11-20T100000Z')
    expect(img.srcSet!.split(', ').map((s) => s.split(' ')[1])).toEqual([
      '320w',
      '480w',
      '640w',
      '768w',
      '960w',
      '1280w',
    ])
    expect(img.srcSet).toContain('/api/img/w_1280,f_webp,q_80/salone%201.jpg?v=2026-11-20T100000Z 1280w')
    expect([img.width, img.height]).toEqual([640, 360])
  })

  it('never asks for more pixels than the original has', () => {
    const img = spanningImage({ ...photo, width: 500, height: 500 })
    expect(img.srcSet!.split(', ').map((s) => s.split(' ')[1])).toEqual(['320w', '480w'])
    expect([img.width, img.height]).toEqual([480, 480])
  })

  it('a square photo of a fixed size: cropped, 1x and 2x', () => {
    const img = squareImage(photo, 96)
    expect(img.src).toBe('/api/img/w_96,h_96,f_webp,q_80,fit_cover/salone%201.jpg?v=2026-11-20T100000Z')
    expect(img.srcSet).toBe(
      '/api/img/w_96,h_96,f_webp,q_80,fit_cover/salone%201.jpg?v=2026-11-20T100000Z 1x, ' +
        '/api/img/w_192,h_192,f_webp,q_80,fit_cover/salone%201.jpg?v=2026-11-20T100000Z 2x',
    )
    expect([img.width, img.height]).toEqual([96, 96])
  })

  it('a document without a file name falls back to Payload’s own size, same origin', () => {
    const img = spanningImage({
      id: 2,
      sizes: { x1: { url: 'http://localhost:3000/api/upload/file/a-800x450.webp', width: 800, height: 450 } },
    })
    expect(img).toEqual({ src: '/api/upload/file/a-800x450.webp', width: 800, height: 450 })
  })
})
