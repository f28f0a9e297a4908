// The built app on a throw-away embedded PostgreSQL with the demo salon, for the benchmarks
// (bench-web, bench-agenda, bench-dashboard): installs and builds what changed, starts PostgreSQL in
// `dir`/pg and cms/server.ts in production mode, resolves when the server says it is ready.
import { fork } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { build, install, log, root } from './workspace.mjs'
import { benchNode, nodeVersion } from './benchNode.mjs'

/**
 * @param {{ dir: string, database: string, serverLog?: string }} opts — `serverLog`: a file for the
 *   server's stdout (default: discarded).
 * @returns {Promise<{ url: string, db: { url: string, stop: () => Promise<void> }, stop: () => Promise<void>, nodeVersion: string }>}
 *   `nodeVersion`: the Node the server runs on (lib/benchNode.mjs).
 */
export async function startBenchApp({ dir, database, serverLog }) {
  await install()
  await build()
  const { startPostgres, freePort } = await import('./postgres.mjs')
  const db = await startPostgres({ dataDir: path.join(dir, 'pg'), database, preferredPort: 0, log })
  const port = await freePort(0)
  let server = null
  const serverNode = benchNode(log)
  const stop = async () => {
    if (server && server.exitCode === null) server.kill('SIGTERM')
    await new Promise((r) => setTimeout(r, 500))
    await db.stop()
  }
  try {
    await new Promise((resolve, reject) => {
      server = fork(path.join(root, 'cms', 'server.ts'), [], {
        cwd: path.join(root, 'cms'),
        execPath: serverNode,
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', serverLog ? fs.openSync(serverLog, 'a') : 'ignore', 'inherit', 'ipc'],
        env: {
          ...process.env,
          NODE_ENV: 'production',
          DATABASE_URL: db.url,
          DATA_DIR: dir,
          PORT: String(port),
          SALON_DEMO: 'true',
          SALON_OWNED_PG_PID: String(db.child.pid),
          NEXT_TELEMETRY_DISABLED: '1',
        },
      })
      server.on('message', (m) => m?.type === 'ready' && resolve())
      server.once('exit', (code) => reject(new Error(`server exited ${code}`)))
    })
  } catch (err) {
    await stop()
    throw err
  }
  return { url: `http://127.0.0.1:${port}`, db, stop, nodeVersion: nodeVersion(serverNode) }
}
