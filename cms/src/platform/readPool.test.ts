import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { READ_POOL_OPTIONS, readPoolConnection } from './readPool'

// pg's own reading of a pool's settings: what the session is really started with.
const ConnectionParameters = createRequire(import.meta.url)('pg/lib/connection-parameters.js') as new (
  config: object,
) => {
  options?: string
  database?: string
  ssl?: unknown
}

describe('the read pool’s connection', () => {
  it('starts its sessions on generic plans', () => {
    const config = readPoolConnection('postgres://u:p@db:5432/salon')
    expect(config).toEqual({ connectionString: 'postgres://u:p@db:5432/salon', options: READ_POOL_OPTIONS })
    expect(new ConnectionParameters(config).options).toBe('-c plan_cache_mode=force_generic_plan')
  })

  it('keeps the options a DATABASE_URL carries, and its other settings (pg would let the URL’s replace ours)', () => {
    const url = 'postgres://u:p@db/salon?sslmode=require&options=endpoint%3Dep-1'
    // What a plain `options` beside the URL would give: the URL's alone.
    expect(new ConnectionParameters({ connectionString: url, options: READ_POOL_OPTIONS }).options).toBe(
      'endpoint=ep-1',
    )
    const params = new ConnectionParameters(readPoolConnection(url))
    expect(params.options).toBe(`endpoint=ep-1 ${READ_POOL_OPTIONS}`)
    expect(params.database).toBe('salon')
    expect(params.ssl).toBeTruthy()
  })
})
