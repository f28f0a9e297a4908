import { api } from '../../lib/api'

export interface RegisterBody {
  email: string
  password: string
  name: string
  surname: string
  phone_number: string
}

/** `POST /api/users` → 201 `{ doc, message }`; 400 with field errors. Always creates a customer (role USER). */
export function registerCustomer(body: RegisterBody) {
  return api.post<{ doc: { id: number | string; email: string }; message?: string }>('/api/users', body, {
    redirectOnUnauthorized: false,
  })
}
