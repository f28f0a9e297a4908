import { api } from '../../lib/api'

/**
 * `POST /api/auth/change_password` for the logged-in user → 200 `{ message }` and a fresh session
 * cookie; 400 naming `oldPassword` (wrong current password) or `password` (policy). A 401 means the
 * session is gone: the client's default sends the visitor to login and back.
 */
export function changePassword(body: { oldPassword: string; password: string }) {
  return api.post<{ message?: string }>('/api/auth/change_password', body)
}
