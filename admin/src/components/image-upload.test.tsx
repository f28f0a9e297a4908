import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useImageUpload } from './image-upload'
import { setLocale } from '../i18n/locale'

const { open } = vi.hoisted(() => ({ open: vi.fn() }))
vi.mock('@refinedev/core', async (original) => ({
  ...(await original<typeof import('@refinedev/core')>()),
  useNotification: () => ({ open, close: vi.fn() }),
}))

const file = (name: string) => new File([new Uint8Array(4)], name, { type: 'image/png' })

describe('useImageUpload', () => {
  afterEach(() => {
    open.mockClear()
    setLocale('en')
  })

  it('sends each file with the label, one after the other, and returns those the server took', async () => {
    const sent: { label: string; file: string }[] = []
    const send = vi.fn(async (_method: string, url: string, { body }: { body?: unknown } = {}) => {
      expect(url).toBe('/api/upload')
      const form = body as FormData
      const name = (form.get('file') as File).name
      sent.push({ label: JSON.parse(String(form.get('_payload'))).label, file: name })
      if (name === 'rotta.png') throw Object.assign(new Error('File non valido'), { statusCode: 400 })
      return { doc: { id: sent.length, name } }
    })
    const { result } = renderHook(() => useImageUpload('HOME_CAROUSEL', send as never))
    let done: unknown
    await act(async () => {
      done = await result.current.upload([file('a.png'), file('rotta.png'), file('b.png')])
    })
    expect(sent).toEqual([
      { label: 'HOME_CAROUSEL', file: 'a.png' },
      { label: 'HOME_CAROUSEL', file: 'rotta.png' },
      { label: 'HOME_CAROUSEL', file: 'b.png' },
    ])
    expect(done).toEqual([
      { id: 1, name: 'a.png' },
      { id: 3, name: 'b.png' },
    ])
    expect(result.current.busy).toBe(false)
    expect(open).toHaveBeenCalledWith({ type: 'success', message: '2 images uploaded' })
    expect(open).toHaveBeenCalledWith({
      type: 'error',
      message: 'Not uploaded',
      description: '“rotta.png”: File non valido',
    })
  })

  it('says what happened in Italian when the dashboard speaks Italian', async () => {
    setLocale('it')
    const send = vi.fn(async (_method: string, _url: string, { body }: { body?: unknown } = {}) => {
      const name = ((body as FormData).get('file') as File).name
      if (name === 'rotta.png') throw new Error('File non valido')
      return { doc: { id: 1, name } }
    })
    const { result } = renderHook(() => useImageUpload('IMAGES', send as never))
    await act(async () => {
      await result.current.upload([file('a.png'), file('rotta.png')])
    })
    expect(open).toHaveBeenCalledWith({ type: 'success', message: 'Immagine caricata' })
    expect(open).toHaveBeenCalledWith({
      type: 'error',
      message: 'Non caricate',
      description: '«rotta.png»: File non valido',
    })
  })
})
