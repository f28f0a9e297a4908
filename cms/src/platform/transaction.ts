import type { Pool, PoolClient } from 'pg'

/**
 * `work` in one PostgreSQL transaction on a client of `pool`: committed if it returns, rolled back
 * if it throws. A client whose rollback failed is broken: it is destroyed, not returned to the pool.
 */
export async function inTransaction<T>(pool: Pool, work: (db: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect()
  try {
    await client.query('begin')
    const result = await work(client)
    await client.query('commit')
    client.release()
    return result
  } catch (err) {
    await client.query('rollback').then(
      () => client.release(),
      (e: Error) => client.release(e),
    )
    throw err
  }
}
