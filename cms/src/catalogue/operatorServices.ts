import { sql } from '@payloadcms/db-postgres'
import type { CollectionAfterChangeHook, FieldHook, NumberFieldManyValidation, PayloadRequest } from 'payload'
import { operatorFields, planStaffing, servicesPerformedBy, type ServiceStaff } from '@salon/shared'
import { isAdminUser, userOf, HttpError, sqlInRequest } from '../platform'

/**
 * "Services this operator performs" on the operator's form. The truth stays on the service
 * (`services.operators`, the relation the booking engine reads; empty = everyone); the operator's
 * `services` is a virtual field: read for admins, and written back by the operator's own save in
 * the same transaction — one save, all or nothing. What to write is the engine's
 * (`planStaffing`, shared/src/booking/staffing.ts).
 */

/** Every service with who performs it, in the catalogue's order; `lock` takes the rows for update. */
async function staffing(req: PayloadRequest, lock = false): Promise<ServiceStaff[]> {
  const rows = await sqlInRequest(req)
  if (lock) await rows(sql`select id from services order by id for update`)
  const found = await rows(sql`
    select s.id, coalesce(array_agg(r.operators_id order by r."order") filter (where r.operators_id is not null), '{}') as operators
      from services s
      left join services_rels r on r.parent_id = s.id and r.path = 'operators'
     group by s.id, s.title
     order by s.title, s.id`)
  return found.map((r) => ({ id: Number(r.id), operators: (r.operators as number[]).map(Number) }))
}

/** Field read hook: only the dashboard needs the list (admins); the public catalogue does not pay for it. */
export const readOperatorServices: FieldHook = async ({ data, req }) => {
  if (!isAdminUser(userOf(req)) || data?.id === undefined) return undefined
  return servicesPerformedBy(await staffing(req), Number(data.id))
}

/** The shared schema's rule (the form runs the same), then: every id names an existing service. */
export const validateOperatorServices: NumberFieldManyValidation = async (value, { req }) => {
  if (value === undefined || value === null) return true
  const parsed = operatorFields.services.safeParse(value)
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Valore non valido'
  const ids = parsed.data ?? []
  if (!ids.length) return true
  const rows = await sqlInRequest(req)
  const found = await rows(sql`select id from services where id = any(${sql.raw(`array[${ids.join(',')}]::int[]`)})`)
  return found.length === ids.length || 'Un servizio scelto non esiste più'
}

/** After the operator's write (same transaction): the services' operator lists follow the choice. */
export const writeOperatorServices: CollectionAfterChangeHook = async ({ doc, data, req }) => {
  const wanted = (data as { services?: unknown }).services
  if (!Array.isArray(wanted)) return doc
  const operatorId = Number(doc.id)
  const rows = await sqlInRequest(req)
  const services = await staffing(req, true)
  const everyone = (await rows(sql`select id from operators order by id`)).map((r) => Number(r.id))
  const plan = planStaffing(services, everyone, operatorId, wanted.map(Number))
  if (!plan.ok) {
    const titles = await rows(
      sql`select title from services where id = any(${sql.raw(`array[${plan.orphaned.join(',')}]::int[]`)}) order by title`,
    )
    const names = titles.map((t) => `«${String(t.title)}»`).join(', ')
    throw new HttpError(
      409,
      'SERVICE_WITHOUT_OPERATOR',
      `Nessun altro esegue ${names}: scegli prima un’altra persona nel servizio, o disattivalo.`,
      {
        reason: 'SERVICE_WITHOUT_OPERATOR',
        params: { services: names },
        errors: [{ path: 'services', message: `Resterebbe senza nessuno: ${names}`, code: 'SERVICE_WITHOUT_OPERATOR' }],
      },
    )
  }
  for (const change of plan.changes) {
    await rows(sql`delete from services_rels where parent_id = ${change.id} and path = 'operators'`)
    for (const [i, op] of change.operators.entries())
      await rows(
        sql`insert into services_rels (parent_id, path, operators_id, "order") values (${change.id}, 'operators', ${op}, ${i + 1})`,
      )
  }
  return { ...doc, services: servicesPerformedBy(await staffing(req), operatorId) }
}
