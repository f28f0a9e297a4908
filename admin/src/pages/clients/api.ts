import { useMemo } from 'react'
import { useCustom } from '@refinedev/core'
import type {
  ClientHistoryResponse,
  ClientListItem,
  ClientListResponse,
  ClientNoteItem,
  ClientPatchBody,
  DuplicateItem,
} from '@salon/shared/schemas/clients'
import { useApiCall } from '../rota/api'

/**
 * The clients API (docs/api.md "Clients, the front desk, checkout and privacy", issue 24) as the
 * dashboard calls it: reads are React Query queries (`useCustom`), writes go through the data
 * provider's `custom` (same cookie, errors as Refine's HttpError with the field errors), and the
 * screens refetch what they show.
 */

export const CLIENT_URLS = {
  list: '/api/clients',
  one: (id: number | string) => `/api/clients/${id}`,
  history: (id: number | string) => `/api/clients/${id}/history`,
  notes: (id: number | string) => `/api/clients/${id}/notes`,
  note: (id: number | string, note: number) => `/api/clients/${id}/notes/${note}`,
  duplicates: (id: number | string) => `/api/clients/${id}/duplicates`,
  merge: (id: number | string) => `/api/clients/${id}/merge`,
  export: (id: number | string) => `/api/clients/${id}/export`,
  erase: (id: number | string) => `/api/clients/${id}/erase`,
} as const

/** A card as `GET|PATCH /api/clients/:id` answers it (docs/api.md "The card"). */
export interface ClientCard {
  id: number
  name: string
  surname: string | null
  phone_number: string | null
  email: string | null
  birthday: string | null
  marketing_consent: boolean
  marketing_consent_at: string | null
  /** Reminders by SMS (issue 26): the person agreed, here or in their reserved area. */
  sms_consent: boolean
  sms_consent_at: string | null
  tags: string[] | null
  allergies: string | null
  technical_notes: string | null
  blocked_online: boolean
  blocked_reason: string | null
  user: number | { id: number } | null
  created_by: number | { id: number } | null
  anonymised_at: string | null
  createdAt?: string
}

export type { ClientHistoryResponse, ClientListItem, ClientNoteItem, DuplicateItem }

/** "Rosa Bianchi" (the surname may be missing). */
export const fullName = (c: { name: string; surname?: string | null }) => [c.name, c.surname].filter(Boolean).join(' ')

/** The list: `GET /api/clients?search=&page=&limit=` (the server ignores accents and case, and is fuzzy). */
export function useClientList(search: string, page: number, limit = 20) {
  const query = useCustom<ClientListResponse>({
    url: CLIENT_URLS.list,
    method: 'get',
    config: { query: { ...(search ? { search } : {}), page, limit } },
    // The previous page stays on screen while the next answer is on its way (no flicker per key).
    queryOptions: { placeholderData: (previous) => previous },
  })
  return { list: query.query.data?.data, query: query.query }
}

/** One card (Payload's REST read). */
export function useClientCard(id: string | number | undefined) {
  const query = useCustom<ClientCard>({
    url: CLIENT_URLS.one(id ?? ''),
    method: 'get',
    config: { query: { depth: 0 } },
    queryOptions: { enabled: id !== undefined && id !== '' },
  })
  return { card: query.query.data?.data, query: query.query }
}

export function useClientHistory(id: string | number) {
  const query = useCustom<ClientHistoryResponse>({ url: CLIENT_URLS.history(id), method: 'get' })
  return { history: query.query.data?.data, query: query.query }
}

export function useClientNotes(id: string | number) {
  const query = useCustom<{ docs: ClientNoteItem[] }>({ url: CLIENT_URLS.notes(id), method: 'get' })
  return { notes: query.query.data?.data.docs, query: query.query }
}

export function useDuplicates(id: string | number) {
  const query = useCustom<{ docs: DuplicateItem[] }>({ url: CLIENT_URLS.duplicates(id), method: 'get' })
  return { duplicates: query.query.data?.data.docs, query: query.query }
}

/** The writes of the clients screens. */
export function useClientWrites() {
  const call = useApiCall()
  return useMemo(
    () => ({
      create: (body: unknown) =>
        call<{ doc: ClientCard; duplicates: ClientListItem[] }>('post', CLIENT_URLS.list, body),
      patch: (id: number | string, body: ClientPatchBody) =>
        call<{ doc: ClientCard }>('patch', CLIENT_URLS.one(id), body, { depth: 0 }),
      addNote: (id: number | string, body: string) =>
        call<{ doc: ClientNoteItem }>('post', CLIENT_URLS.notes(id), { body }),
      deleteNote: (id: number | string, note: number) => call<unknown>('delete', CLIENT_URLS.note(id, note)),
      merge: (id: number | string, from: number) =>
        call<{ doc: ClientCard; moved: { reservations: number; notes: number } }>('post', CLIENT_URLS.merge(id), {
          from,
        }),
      erase: (id: number | string) => call<{ cancelled: number }>('post', CLIENT_URLS.erase(id), {}),
    }),
    [call],
  )
}

export type ClientWrites = ReturnType<typeof useClientWrites>
