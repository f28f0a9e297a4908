import config from '@payload-config'
import { REST_DELETE, REST_GET, REST_OPTIONS, REST_PATCH, REST_POST, REST_PUT } from '@payloadcms/next/routes'
import { collections } from '../../../../collections'

export const GET = REST_GET(config)
export const POST = REST_POST(config)
export const DELETE = REST_DELETE(config)
export const PATCH = REST_PATCH(config)
export const OPTIONS = REST_OPTIONS(config)

const slugs = new Set(collections.map((c) => c.slug))
const put = REST_PUT(config)

/**
 * Spec §7 updates by PUT; Payload updates by PATCH. `PUT /api/<collection>/<id>` behaves exactly
 * as PATCH (a partial update); other PUT endpoints (`/api/auth/me`, …) keep their own handler.
 */
export const PUT = async (request: Request, args: { params: Promise<{ slug: string[] }> }) => {
  const { slug } = await args.params
  if (slug.length === 2 && slugs.has(slug[0]!)) {
    const patch = new Request(request, { method: 'PATCH', duplex: 'half' } as RequestInit)
    return PATCH(patch, args)
  }
  return put(request, args)
}
