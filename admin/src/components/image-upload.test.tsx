import { act, renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useImageUpload } from './image-upload'

const file = (name: string) => new File([new Uint8Array(4)], name, { type: 'image/png' })

describe('useImageUpload', () => {
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
  })
})
