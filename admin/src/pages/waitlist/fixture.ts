import type { WaitlistEntryItem, WaitlistOfferItem } from '@salon/shared/schemas/waitlist'

/** Answers of the waitlist API for the screen's tests (the API's own behaviour is checked in cms/tests/int). */
export const offer = (over: Partial<WaitlistOfferItem> = {}): WaitlistOfferItem => ({
  id: 501,
  status: 'EXPIRED',
  date_start: '2026-12-05T09:00:00.000Z',
  date_end: '2026-12-05T09:45:00.000Z',
  operator: { id: 3, name: 'Giulia' },
  reservation: 900,
  expires_at: '2026-12-01T08:10:00.000Z',
  created_at: '2026-12-01T08:00:00.000Z',
  decided_at: '2026-12-01T08:10:00.000Z',
  by_hand: false,
  ...over,
})

export const entry = (over: Partial<WaitlistEntryItem> = {}): WaitlistEntryItem => ({
  id: 71,
  status: 'ACTIVE',
  services: [{ id: 4, name: 'Piega', duration: 45 }],
  operator: null,
  days: ['2026-12-05'],
  from: '09:00',
  to: '12:00',
  created_at: '2026-11-28T10:15:00.000Z',
  client: { id: 41, name: 'Rosa Bianchi', phone: '333 1234567', has_account: true },
  offers: [],
  ...over,
})
