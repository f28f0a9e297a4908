import type { ReservationStatus } from '@salon/shared/enums/index'
import type {
  AgendaBlockItem,
  AgendaItem,
  AgendaResponse,
  MyReservationItem,
  MyReservationsResponse,
} from '@salon/shared/schemas/booking'
import type { OperatorFeedCreated, OperatorFeedStatus } from '@salon/shared/schemas/operatorFeed'
import type { ScheduleResponse } from '@salon/shared/schemas/rota'
import type { SeriesScope } from '@salon/shared/schemas/series'
import { api } from '../../lib/api'

/**
 * `POST /api/auth/change_password` for the logged-in user → 200 `{ message }` and a fresh session
 * cookie; 400 naming `oldPassword` (wrong current password) or `password` (policy). A 401 means the
 * session is gone: the client's default sends the visitor to login and back.
 */
export function changePassword(body: { oldPassword: string; password: string }) {
  return api.post<{ message?: string }>('/api/auth/change_password', body)
}

/**
 * `POST /api/auth/change_email { password, email }` → 200 `{ message, user }`: the address must be
 * confirmed again (a link goes to it). 400 naming `password` (wrong) or `email` (invalid, in use,
 * unchanged); 429 after too many wrong passwords.
 */
export function changeEmail(body: { password: string; email: string }) {
  return api.post<{ message?: string }>('/api/auth/change_email', body)
}

/**
 * `GET /api/auth/me/export` → everything the salon holds about the signed-in person (account, card,
 * bookings with services, operator, payments and history; never the staff's notes), as JSON.
 */
export function fetchMyData() {
  return api.get<unknown>('/api/auth/me/export')
}

/**
 * `DELETE /api/auth/me { password }` → 200 `{ message, cancelled }` and the session cookies cleared:
 * upcoming bookings cancelled, the account erased. 400 naming `password` (wrong or missing); 409
 * `LAST_ADMIN`; 429 after too many wrong passwords.
 */
export function deleteMyAccount(password: string) {
  return api.delete<{ message?: string; cancelled?: number }>('/api/auth/me', { body: { password } })
}

/** A second factor of the signed-in user (`GET /api/auth/factors`): the authenticator app, or SMS. */
export interface Factor {
  id: number | string
  factor_type: 'totp' | 'phone'
  status: 'unverified' | 'verified'
  friendly_name?: string | null
  created_at?: string
  /** A phone factor's number, masked: "+39 ••• ••• 4567". */
  phone?: string
}

/** `POST /api/auth/factors` → a new, still unverified TOTP factor with what the authenticator app needs. */
export interface EnrolledFactor extends Factor {
  totp: {
    /** Base32 key, for typing it into the app by hand. */
    secret: string
    /** `otpauth://totp/...` */
    uri: string
    /** `data:image/png;base64,...` of `uri`. */
    qr_code: string
  }
}

/** A code sent by SMS: its id (sent back with the code) and when it stops working. */
export interface SentCode {
  challenge_id: string
  expires_at: string
}

/** `GET /api/auth/factors` → `{ factors }`. A factor counts only once `verified`. */
export async function listFactors(signal?: AbortSignal) {
  const res = await api.get<{ factors?: Factor[] }>('/api/auth/factors', { signal })
  return res?.factors ?? []
}

/** `POST /api/auth/factors { friendly_name? }` → 201; 409 when a verified factor already exists. */
export function enrollFactor(friendlyName?: string) {
  return api.post<EnrolledFactor>('/api/auth/factors', friendlyName ? { friendly_name: friendlyName } : {})
}

/** `POST /api/auth/factors { factor_type: 'phone', phone }` → 201 the unverified factor; 400 naming `phone`; 409. */
export function enrollPhoneFactor(phone: string) {
  return api.post<Factor>('/api/auth/factors', { factor_type: 'phone', phone })
}

/** `POST /api/auth/factors/:id/challenge { channel: 'sms' }` → `{ id, expires_at }`: a code by SMS; 429 when too soon. */
export async function challengeFactor(id: Factor['id']): Promise<SentCode> {
  const res = await api.post<{ id: string; expires_at: string }>(
    `/api/auth/factors/${encodeURIComponent(String(id))}/challenge`,
    { channel: 'sms' },
  )
  return { challenge_id: res.id, expires_at: res.expires_at }
}

/**
 * `POST /api/auth/factors/:id/verify { code, challenge_id? }` → `{ factor, recovery_codes }` (10
 * single-use codes, answered only this once); 400 naming `code`; 429 after too many attempts.
 */
export function verifyFactor(id: Factor['id'], code: string, challengeId?: string) {
  return api.post<{ factor: Factor; recovery_codes: string[] }>(
    `/api/auth/factors/${encodeURIComponent(String(id))}/verify`,
    challengeId ? { code, challenge_id: challengeId } : { code },
  )
}

/** `DELETE /api/auth/factors/:id { code, challenge_id? }` (app, SMS or recovery code) → 200; 400 naming `code`. */
export function deleteFactor(id: Factor['id'], code: string, challengeId?: string) {
  return api.delete<unknown>(`/api/auth/factors/${encodeURIComponent(String(id))}`, {
    body: challengeId ? { code, challenge_id: challengeId } : { code },
  })
}

/** `POST /api/auth/phone { phone }` → 201 a code by SMS to that number; 400 naming `phone`; 429 when too soon. */
export function sendPhoneCode(phone: string) {
  return api.post<SentCode>('/api/auth/phone', { phone })
}

/** `POST /api/auth/phone/verify { challenge_id, code }` → the number, now the profile's and verified. */
export function verifyPhone(challengeId: string, code: string) {
  return api.post<{ phone_number: string; phone_verified: true }>('/api/auth/phone/verify', {
    challenge_id: challengeId,
    code,
  })
}

/** `PUT /api/auth/me` — the customer's own name, surname and phone (never the role); 400 names the field. */
export function updateProfile(body: { name: string; surname: string; phone_number: string }) {
  return api.put<{ message?: string }>('/api/auth/me', body)
}

export type { AgendaBlockItem, AgendaItem, AgendaResponse, MyReservationItem, MyReservationsResponse }

/** `GET /api/reservations/mine`: upcoming (soonest first), cancelled ones still ahead, and a page of past bookings, with what the caller may do. */
export function fetchMyReservations(pastPage: number, signal: AbortSignal) {
  return api.get<MyReservationsResponse>('/api/reservations/mine', { query: { pastPage }, signal })
}

/**
 * `PUT /api/reservations/:id/status` — a customer cancels (`CANCELLED`); staff move through the
 * status flow. `scope` for an occurrence of a repeating appointment: `one` (this) or `following`
 * (this and the later ones of its series).
 */
export function setReservationStatus(id: number, status: ReservationStatus, scope?: SeriesScope) {
  return api.put<{ message?: string }>(`/api/reservations/${id}/status`, scope ? { status, scope } : { status })
}

/** `POST /api/reservations/:id/undo` — staff take back a final status set in the last 15 minutes. */
export function undoReservationStatus(id: number) {
  return api.post<{ message?: string }>(`/api/reservations/${id}/undo`)
}

/** `POST /api/reservations/:id/free-rest` — an appointment over early frees the rest of its time. */
export function freeReservationRest(id: number) {
  return api.post<{ message?: string }>(`/api/reservations/${id}/free-rest`)
}

/** `GET /api/reservations/agenda?from&to` — the operator's reservations of those local days. */
export function fetchAgenda(from: string, to: string, signal: AbortSignal) {
  return api.get<AgendaResponse>('/api/reservations/agenda', { query: { from, to }, signal })
}

/** `PUT /api/auth/me/avatar` (multipart `file`) → `{ avatarUrl }`; 400 naming `file` for a missing or non-image file. */
export function uploadAvatar(file: File) {
  const body = new FormData()
  body.append('file', file)
  return api.put<{ avatarUrl: string | null }>('/api/auth/me/avatar', body)
}

/** `DELETE /api/auth/me/avatar` — removes the profile photo. */
export function removeAvatar() {
  return api.delete<{ avatarUrl: null }>('/api/auth/me/avatar')
}

/** `GET /api/operators/my-feeds` → the calendar feeds of the operator records linked to the signed-in OPERATOR. */
export async function fetchMyFeeds(signal?: AbortSignal) {
  const res = await api.get<{ feeds?: OperatorFeedStatus[] }>('/api/operators/my-feeds', { signal })
  return res?.feeds ?? []
}

/** `POST /api/operators/:id/feed` → a new private link (the old one stops working); the URL only in this answer. */
export async function rotateFeed(operatorId: number) {
  return (await api.post<{ data: OperatorFeedCreated }>(`/api/operators/${operatorId}/feed`, {})).data
}

/** `DELETE /api/operators/:id/feed` → the link stops working. */
export async function revokeFeed(operatorId: number) {
  return (await api.delete<{ data: OperatorFeedStatus }>(`/api/operators/${operatorId}/feed`)).data
}

export type { ScheduleResponse }

/**
 * `GET /api/rota/mine` → the signed-in operator's resolved working time, leave and exceptions for
 * today and the next 27 days (the server's default: four weeks), one schedule per operator record
 * linked to the account (usually one).
 */
export async function fetchMyRota(signal?: AbortSignal) {
  const res = await api.get<{ operators?: ScheduleResponse[] }>('/api/rota/mine', { signal })
  return res?.operators ?? []
}
