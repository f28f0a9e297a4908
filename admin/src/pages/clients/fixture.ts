import type {
  ClientHistoryResponse,
  ClientListItem,
  ClientNoteItem,
  DuplicateItem,
} from '@salon/shared/schemas/clients'
import type { Routes_ } from '../../test/fake-api'
import type { ClientCard } from './api'

/** The answers of the clients API (docs/api.md, issue 24) for the component tests. */

export const ROSA: ClientListItem = {
  id: 41,
  name: 'Rosa',
  surname: 'Bianchi',
  phone_number: '333 1234567',
  email: null,
  hasAccount: false,
  blocked_online: false,
  tags: ['VIP'],
  allergies: 'PPD',
  visits: 3,
  lastVisit: '2026-11-02T09:00:00.000Z',
}

export const CHIARA: ClientListItem = {
  id: 42,
  name: 'Chiara',
  surname: 'Conti',
  phone_number: '333 7654321',
  email: 'chiara@example.com',
  hasAccount: true,
  blocked_online: true,
  tags: [],
  allergies: null,
  visits: 1,
  lastVisit: null,
}

export const ROSA_CARD: ClientCard = {
  id: 41,
  name: 'Rosa',
  surname: 'Bianchi',
  phone_number: '333 1234567',
  email: null,
  birthday: null,
  marketing_consent: true,
  marketing_consent_at: '2026-10-05T10:00:00.000Z',
  sms_consent: false,
  sms_consent_at: null,
  tags: ['VIP'],
  allergies: 'PPD',
  technical_notes: '6.3 + 20 vol, 35 min',
  blocked_online: false,
  blocked_reason: null,
  user: null,
  created_by: 1,
  anonymised_at: null,
}

export const HISTORY: ClientHistoryResponse = {
  client: { id: 41, name: 'Rosa', surname: 'Bianchi' },
  stats: {
    visits: 3,
    totalSpent: 142.5,
    averageTicket: 47.5,
    lastVisit: '2026-11-02T09:00:00.000Z',
    upcoming: 1,
    cancellations: 1,
    noShows: 0,
  },
  upcoming: [
    {
      id: 900,
      status: 'CONFIRMED',
      date_start: '2026-12-15T09:00:00.000Z',
      date_end: '2026-12-15T10:00:00.000Z',
      services: [{ id: 1, title: 'Colore', price: 55 }],
      operator: { id: 1, name: 'Giulia' },
      total_price: 55,
      paid: null,
    },
  ],
  past: [
    {
      id: 800,
      status: 'COMPLETED',
      date_start: '2026-11-02T09:00:00.000Z',
      date_end: '2026-11-02T10:15:00.000Z',
      services: [
        { id: 2, title: 'Taglio donna', price: 35 },
        { id: 3, title: 'Piega', price: 20 },
      ],
      operator: { id: 1, name: 'Giulia' },
      total_price: 55,
      paid: {
        subtotal: 55,
        discount: 5.5,
        total: 49.5,
        tip: 5,
        payments: [
          { method: 'CARD', amount: 40 },
          { method: 'CASH', amount: 14.5 },
        ],
        at: '2026-11-02T10:20:00.000Z',
        by: { id: 1, name: 'Titolare' },
      },
    },
    {
      id: 700,
      status: 'NO_SHOW',
      date_start: '2026-10-01T09:00:00.000Z',
      date_end: '2026-10-01T09:45:00.000Z',
      services: [{ id: 2, title: 'Taglio donna', price: 35 }],
      operator: null,
      total_price: 35,
      paid: null,
    },
  ],
}

/** A history with many past visits (for "Show all"). */
export const LONG_HISTORY: ClientHistoryResponse = {
  ...HISTORY,
  past: Array.from({ length: 7 }, (_, i) => ({
    ...HISTORY.past[1]!,
    id: 600 - i,
    date_start: `2026-09-${String(20 - i).padStart(2, '0')}T09:00:00.000Z`,
  })),
}

export const NOTES: ClientNoteItem[] = [
  { id: 5, body: 'Preferisce Giulia', author: { id: 2, name: 'Giulia' }, createdAt: '2026-11-03T15:30:00.000Z' },
  { id: 4, body: 'Arriva sempre in anticipo', author: { id: 9, name: 'Marco' }, createdAt: '2026-10-01T08:00:00.000Z' },
]

export const DUPLICATE: DuplicateItem = {
  id: 43,
  name: 'Rosa',
  surname: 'Bianchi',
  phone_number: '3331234567',
  email: 'rosa@example.com',
  hasAccount: false,
  blocked_online: false,
  tags: [],
  allergies: null,
  visits: 1,
  lastVisit: '2026-09-01T09:00:00.000Z',
  reasons: ['PHONE', 'NAME'],
}

/** The reads a client card makes, with the card and history answers given. */
export function cardRoutes(card: ClientCard = ROSA_CARD, duplicates: DuplicateItem[] = []): Routes_ {
  return {
    'GET /api/config': () => ({ docs: [{ id: 1, timezone: 'Europe/Rome', slotStepMinutes: 15 }], totalDocs: 1 }),
    [`GET /api/clients/${card.id}`]: () => card,
    [`GET /api/clients/${card.id}/history`]: () => HISTORY,
    [`GET /api/clients/${card.id}/notes`]: () => ({ docs: NOTES }),
    [`GET /api/clients/${card.id}/duplicates`]: () => ({ docs: duplicates }),
  }
}
