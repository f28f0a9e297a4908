import type {
  WaitlistEntryBody,
  WaitlistEntryItem,
  WaitlistOfferDetail,
  WaitlistOfferItem,
} from '@salon/shared/schemas/waitlist'
import { api, ApiError } from './api'

/**
 * The waitlist (issue 27) as the site calls it: the wizard adds an entry, "I miei appuntamenti"
 * lists and removes them, the offer page reads one offer. In lib because two features use it
 * (booking and account) and features never import each other. Contract: docs/api.md "Waitlist".
 */
export type { WaitlistEntryBody, WaitlistEntryItem, WaitlistOfferDetail, WaitlistOfferItem }

/** `POST /api/waitlist` → 201 the entry; 400 naming the field (`days`: WAITLIST_DAY_PAST, `to`…). */
export function joinWaitlist(body: WaitlistEntryBody) {
  return api.post<WaitlistEntryItem>('/api/waitlist', body)
}

/** `GET /api/waitlist/mine` → the signed-in customer's ACTIVE entries and the ones ended in the last 7 days. */
export async function fetchMyWaitlist(signal: AbortSignal): Promise<WaitlistEntryItem[]> {
  const res = await api.get<{ docs?: WaitlistEntryItem[] }>('/api/waitlist/mine', { signal })
  return res?.docs ?? []
}

/** `DELETE /api/waitlist/{id}` → `{ id, status: 'REMOVED' }` (an open offer is withdrawn, its time freed). */
export function leaveWaitlist(id: number) {
  return api.delete<{ id: number; status: 'REMOVED' }>(`/api/waitlist/${id}`)
}

/** `GET /api/waitlist/offers/{id}` → what the offer page shows; 404 for someone else's or an unknown offer. */
export function fetchOffer(id: number, signal: AbortSignal) {
  return api.get<WaitlistOfferDetail>(`/api/waitlist/offers/${id}`, { signal })
}

/** The refusal's code of an API error (`data.code`, `reason` on older answers), '' otherwise. */
export const refusalCode = (error: unknown): string =>
  error instanceof ApiError ? String(error.errors[0]?.data?.code ?? error.errors[0]?.data?.reason ?? '') : ''

/** The open offer of an entry, if any (offers come newest first). */
export const openOffer = (entry: WaitlistEntryItem): WaitlistOfferItem | undefined =>
  entry.offers.find((o) => o.status === 'OPEN')

/** The web address of an offer: what the mail and the SMS link to (route `reserve-offer`). */
export const offerHref = (id: number) => `/reserve/offer/${id}`
