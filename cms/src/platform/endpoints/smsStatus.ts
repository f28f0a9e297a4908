import type { Endpoint } from 'payload'
import { smsStatusUpdate } from '../sms'
import { pool } from '../sql'

/**
 * POST /api/sms/status — the SMS provider's delivery statuses (form-encoded, signed with
 * `X-Twilio-Signature`). Not signed by the provider: 403, nothing changes.
 */
export const smsStatusEndpoint: Endpoint = {
  path: '/sms/status',
  method: 'post',
  handler: async (req) => {
    const text = req.text ? (await req.text()).slice(0, 10_000) : ''
    const ok = await smsStatusUpdate(
      pool(req.payload),
      req.headers.get('x-twilio-signature'),
      new URLSearchParams(text),
    )
    if (!ok)
      return Response.json(
        { errors: [{ name: 'Forbidden', message: 'Firma non valida.', data: { code: 'SIGNATURE_INVALID' } }] },
        { status: 403 },
      )
    return new Response(null, { status: 204 })
  },
}
