#!/usr/bin/env node
// `npm run restore -- --to "2026-12-01 18:30"` (salon time, or an ISO instant), `npm run restore --
// <backup name>`, `npm run restore -- --list`. Restores the embedded PostgreSQL of a STOPPED app
// (docs/operations.md "Restore"): says what it replaces, asks, keeps the old cluster aside.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import readline from 'node:readline/promises'
import { parseArgs } from 'node:util'
import { createRequire } from 'node:module'
import {
  BackupError,
  archiveEnd,
  formatBytes,
  listBackups,
  parseTarget,
  planRestore,
  restoreCluster,
  runningApp,
  salonTime,
} from './lib/backup.mjs'
import { cli, clientTool, places, root } from './lib/backupCli.mjs'

const log = (m) => console.log(`› ${m}`)

await cli(async () => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { to: { type: 'string' }, list: { type: 'boolean' }, yes: { type: 'boolean' } },
  })
  const { dataDir, config, pgDataDir, external } = places()
  const backups = listBackups(config)
  const tz = backups.findLast((b) => b.timezone)?.timezone || 'Europe/Rome'

  if (values.list) return list(config, backups, tz, pgDataDir)
  if (!values.to && !positionals[0])
    throw new BackupError(
      'Say where to go back to: npm run restore -- --to "2026-12-01 18:30" (salon time), or npm run restore -- <backup name> (npm run restore -- --list shows them).',
    )
  if (external) return restoreExternal(config, positionals[0], values)

  const app = runningApp(dataDir)
  if (app)
    throw new BackupError(
      `The app is running (npm start, pid ${app}): stop it first (Ctrl-C where it runs). Nothing was changed.`,
    )
  const target = values.to ? parseTarget(values.to, tz) : null
  const plan = planRestore({ pgDataDir, config, name: values.to ? undefined : positionals[0], target })
  const when = target ?? new Date(plan.backup.stoppedAt)
  console.log(`
  This REPLACES the salon's database: the PostgreSQL cluster in ${pgDataDir}
  (${plan.exists ? formatBytes(plan.clusterBytes) : 'missing'}) with backup ${plan.backup.name}${target ? ' replayed' : ''} to
      ${salonTime(when, plan.timezone)}  =  ${when.toISOString()}
  Everything written after that moment is NOT in the restored database: bookings made or changed
  since then, accounts, settings. ${plan.exists ? `The current cluster is kept aside, renamed to\n      ${plan.asideDir}\n  (delete it yourself once you are satisfied).` : 'There is no current cluster to keep.'}
  Uploads: the backup's files missing from ${config.uploadsDir} are put back; none is removed.
`)
  await confirmOrStop(values)
  const started = Date.now()
  const result = await restoreCluster({ plan, config, log })
  console.log(`
  ✓ Restored in ${((Date.now() - started) / 1000).toFixed(1)} s to ${salonTime(when, plan.timezone)}: cluster ${pgDataDir}
    (PostgreSQL timeline ${result.timeline}).${fs.existsSync(plan.asideDir) ? `\n    The replaced cluster is in ${plan.asideDir}.` : ''}${result.uploadsRestored ? `\n    Uploads from the backup put back where missing in ${config.uploadsDir}.` : ''}
    Start the app with npm start: it takes a fresh base backup of the restored database at once.
`)
})

function list(config, backups, tz, pgDataDir) {
  if (!backups.length) {
    console.log(`No backup in ${config.baseDir} yet.`)
    return
  }
  console.log(`Backups in ${config.baseDir} (times in ${tz}):\n`)
  for (const b of backups)
    console.log(
      `  ${b.name}  ${b.kind === 'dump' ? 'dump' : `timeline ${b.timeline}`}  ${formatBytes(b.sizeBytes).padStart(8)}  taken ${salonTime(new Date(b.stoppedAt), tz)}`,
    )
  const base = backups.filter((b) => b.kind === 'base')
  if (!base.length) return
  const end = archiveEnd(config)
  console.log(`
Restorable with --to: from ${salonTime(new Date(base[0].stoppedAt), tz)}
  to ${end ? salonTime(end.time, tz) : 'the end of the newest backup'} with the archive alone (its last WAL file),
  and on to the last transaction while the cluster's own WAL is intact (${pgDataDir}/pg_wal).`)
}

/** DATABASE_URL: a dump made by `npm run backup` is loaded with pg_restore; point in time is the server's business. */
async function restoreExternal(config, name, values) {
  if (values.to)
    throw new BackupError(
      'With DATABASE_URL, a point-in-time restore is the database server\'s own feature (a managed database\'s console, or WAL archiving on your server): docs/operations.md "With an external database".',
    )
  const b = listBackups(config).find((x) => x.name === name && x.kind === 'dump')
  if (!b) throw new BackupError(`No dump named "${name}" in ${config.baseDir} (npm run restore -- --list).`)
  const require = createRequire(path.join(root, 'package.json'))
  const pg = require('pg')
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  const major = Math.floor(Number((await client.query('show server_version_num')).rows[0].server_version_num) / 10000)
  await client.end()
  const tool = clientTool('pg_restore', major)
  console.log(
    `\n  This REPLACES every table of DATABASE_URL's database with dump ${b.name} (taken ${b.stoppedAt}).\n  Stop the app first. Nothing is kept aside: take a dump first (npm run backup) if in doubt.\n`,
  )
  await confirmOrStop(values)
  const r = spawnSync(
    tool,
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      `--dbname=${process.env.DATABASE_URL}`,
      path.join(b.path, 'db.dump'),
    ],
    { stdio: 'inherit' },
  )
  if (r.status !== 0) throw new BackupError('pg_restore failed (above); with --single-transaction nothing was changed.')
  if (fs.existsSync(path.join(b.path, 'uploads.tar.gz'))) {
    fs.mkdirSync(config.uploadsDir, { recursive: true })
    spawnSync('tar', ['-xzf', path.join(b.path, 'uploads.tar.gz'), '-C', config.uploadsDir, '--skip-old-files'], {
      stdio: 'inherit',
    })
  }
  log(`Restored dump ${b.name}.`)
}

/** The person's "yes" (or `--yes`); anything else stops with nothing changed. */
async function confirmOrStop(values) {
  if (values.yes) return
  if (!process.stdin.isTTY) throw new BackupError('Not confirmed: run it in a terminal, or add --yes.')
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout })
  const answer = await rl.question('  Type "yes" to restore: ')
  rl.close()
  if (answer.trim().toLowerCase() !== 'yes') throw new BackupError('Not restored: nothing was changed.')
}
