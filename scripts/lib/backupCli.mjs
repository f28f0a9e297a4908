// What `npm run backup` and `npm run restore` share: where things are, and how they end.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { BackupError, backupConfig } from './backup.mjs'
import { effectivePgDataDir } from './postgres.mjs'

export const root = path.resolve(import.meta.dirname, '../..')

export function places(env = process.env) {
  const dataDir = path.resolve(env.DATA_DIR || path.join(root, '.data'))
  const config = backupConfig(env, dataDir)
  return { dataDir, config, pgDataDir: effectivePgDataDir(path.join(dataDir, 'pg')), external: !!env.DATABASE_URL }
}

/** Runs `main`; a BackupError is printed as a sentence (exit 1), anything else with its stack. */
export async function cli(main) {
  try {
    await main()
    process.exit(0)
  } catch (err) {
    if (err instanceof BackupError) console.error(`\x1b[31m✗ ${err.message}\x1b[0m`)
    else console.error(err)
    process.exit(1)
  }
}

/**
 * The major version of a client program (pg_dump, pg_restore) on PATH, refused clearly when it is
 * missing or older than the server: pg_dump does not dump a server of a newer major version.
 */
export function clientTool(name, serverMajor) {
  const r = spawnSync(name, ['--version'], { encoding: 'utf8' })
  if (r.error || r.status !== 0)
    throw new BackupError(
      `${name} is not on PATH: install the PostgreSQL ${serverMajor} client (apt.postgresql.org: postgresql-client-${serverMajor}), or rely on your database provider's backups (docs/operations.md).`,
    )
  const major = Number(/(\d+)(?:\.\d+)?/.exec(r.stdout)?.[1])
  if (major < serverMajor)
    throw new BackupError(
      `${name} on PATH is version ${major} and the server is PostgreSQL ${serverMajor}: ${name} refuses a server of a newer major version. ` +
        `Install postgresql-client-${serverMajor} (apt.postgresql.org), or rely on your database provider's backups (docs/operations.md).`,
    )
  return name
}

export const exists = (p) => fs.existsSync(p)
