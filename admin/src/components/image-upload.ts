import { useState } from 'react'
import { useNotification } from '@refinedev/core'
import type { UploadLabel } from '@salon/shared'
import { createHttpClient } from '../providers/http'

const request = createHttpClient()

export interface UploadedImage {
  id: number
  name: string
  imageUrl?: string | null
}

/**
 * Sends images one after the other (`POST /api/upload`, multipart; the name is the file's, made
 * unique by the server) with the given label. Returns the images created; a file the server
 * refuses is named in a notification and the others still go.
 */
export function useImageUpload(label: UploadLabel, send = request) {
  const [busy, setBusy] = useState(false)
  const { open } = useNotification()
  const upload = async (files: File[]): Promise<UploadedImage[]> => {
    setBusy(true)
    const done: UploadedImage[] = []
    const failed: string[] = []
    try {
      for (const file of files) {
        const form = new FormData()
        form.append('_payload', JSON.stringify({ label }))
        form.append('file', file)
        try {
          const res = await send<{ doc: UploadedImage }>('POST', '/api/upload', { body: form })
          done.push(res.doc)
        } catch (e) {
          failed.push(`«${file.name}»: ${(e as { message?: string }).message ?? 'non caricata'}`)
        }
      }
    } finally {
      setBusy(false)
    }
    if (done.length > 0)
      open?.({
        type: 'success',
        message: done.length === 1 ? 'Immagine caricata' : `${done.length} immagini caricate`,
      })
    if (failed.length > 0) open?.({ type: 'error', message: 'Non caricate', description: failed.join(' · ') })
    return done
  }
  return { upload, busy }
}
