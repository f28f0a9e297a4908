#!/usr/bin/env node
// `npm run backup`: one base backup now (docs/operations.md "Backups").
//  - Embedded PostgreSQL running (the app is up): backs up the running server.
//  - Embedded PostgreSQL stopped: starts it for the backup (with archiving), then stops it again.
//  - DATABASE_URL (an external server): pg_dump, when a pg_dump of the server's major version is on PATH.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createRequire } from 'node:module'
import { BackupError, formatBytes, prepareWalArchive, prune, takeBaseBackup } from './lib/backup.mjs'
import { cli, clientTool, places, root } from './lib/backupCli.mjs'
import { runningPostmaster, startPostgres } from './lib/postgres.mjs'

const log = (m) => console.log(`› ${m}`)

await cli(async () => {
  const { dataDir, config, pgDataDir, external } = places()
  if (external) return dumpExternal(config)
  if (!fs.existsSync(path.join(pgDataDir, 'PG_VERSION')))
    throw new BackupError(`No PostgreSQL cluster in ${pgDataDir} yet: run npm start once first.`)
  const pid = runningPostmaster(pgDataDir)
  if (pid) {
    const port = fs.readFileSync(path.join(pgDataDir, 'postmaster.pid'), 'utf8').split('\n')[3]?.trim()
    log(`PostgreSQL is running (pid ${pid}, port ${port}): backing it up while the app works.`)
    await takeBaseBackup({ url: `postgres://postgres:postgres@127.0.0.1:${port}/salon`, pgDataDir, config, log })
    return
  }
  log('PostgreSQL is stopped: starting it for the backup, then stopping it again.')
  const archive = prepareWalArchive(config, log)
  const db = await startPostgres({ dataDir: path.join(dataDir, 'pg'), log, settings: archive })
  try {
    await takeBaseBackup({ url: db.url, pgDataDir: db.dataDir, config, log })
  } finally {
    await db.stop()
  }
})

/** DATABASE_URL: a pg_dump (custom format) plus the uploads, in a backup folder of its own. */
async function dumpExternal(config) {
  const require = createRequire(path.join(root, 'package.json'))
  const pg = require('pg')
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  let serverMajor
  try {
    await client.connect()
    serverMajor = Math.floor(Number((await client.query('show server_version_num')).rows[0].server_version_num) / 10000)
  } catch (err) {
    throw new BackupError(`Cannot reach DATABASE_URL's server: ${err.message}`)
  } finally {
    await client.end().catch(() => {})
  }
  const pgDump = clientTool('pg_dump', serverMajor)
  const name = new Date()
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')
  const dir = path.join(config.baseDir, name)
  fs.mkdirSync(dir, { recursive: true })
  const started = Date.now()
  const run = (cmd, args) =>
    new Promise((resolve, reject) => {
      const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'] })
      child.once('error', reject)
      child.once('exit', (code) => (code === 0 ? resolve() : reject(new BackupError(`${cmd} failed (${code}).`))))
    })
  try {
    await run(pgDump, [
      '--format=custom',
      '--no-owner',
      `--file=${path.join(dir, 'db.dump')}`,
      process.env.DATABASE_URL,
    ])
    if (fs.existsSync(config.uploadsDir))
      await run('tar', ['-czf', path.join(dir, 'uploads.tar.gz'), '-C', config.uploadsDir, '.'])
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true })
    throw err
  }
  const size = fs.readdirSync(dir).reduce((n, f) => n + fs.statSync(path.join(dir, f)).size, 0)
  const now = new Date().toISOString()
  const manifest = {
    name,
    kind: 'dump',
    startedAt: new Date(started).toISOString(),
    stoppedAt: now,
    finishedAt: now,
    sizeBytes: size,
    host: os.hostname(),
    pgVersion: String(serverMajor),
  }
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2))
  fs.writeFileSync(path.join(config.dir, 'last-attempt.json'), JSON.stringify({ at: now, ok: true, name }, null, 2))
  prune(config)
  log(`Dump ${name}: ${formatBytes(size)} → ${dir}`)
}
