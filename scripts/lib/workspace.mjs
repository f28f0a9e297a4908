// Shared by `npm start` and `npm test`: get pnpm, install, build what changed. Node built-ins
// only — this runs before any dependency is installed.
import { spawn, spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

export const root = path.resolve(import.meta.dirname, '../..')
export const PNPM_VERSION = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).packageManager.split(
  '@',
)[1]

export const log = (...args) => console.log('\x1b[32m›\x1b[0m', ...args)

/**
 * Runs a command, inheriting the terminal; rejects on a non-zero exit. `timeoutMs` stops a run
 * that hangs (its process group is killed), so a stuck test run fails instead of eating CI's time.
 */
export function run(cmd, args, opts = {}) {
  const { timeoutMs, ...spawnOpts } = opts
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: root, detached: !!timeoutMs, ...spawnOpts })
    const timer = timeoutMs
      ? setTimeout(() => {
          console.error(`\x1b[31m${path.basename(cmd)} still running after ${timeoutMs / 60_000} min: stopped\x1b[0m`)
          try {
            process.kill(-child.pid, 'SIGKILL')
          } catch {
            child.kill('SIGKILL')
          }
        }, timeoutMs)
      : null
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      if (timer) clearTimeout(timer)
      if (code === 0) resolve()
      else reject(new Error(`${cmd} ${args.join(' ')} failed (${signal ?? code})`))
    })
  })
}

/** pnpm, fetched by npm on first use (corepack is unreliable on these machines). */
export function pnpm(args, opts) {
  const local = spawnSync('pnpm', ['--version'], { encoding: 'utf8' })
  if (local.status === 0 && local.stdout.trim() === PNPM_VERSION) return run('pnpm', args, opts)
  return run('npm', ['exec', '--yes', `--package=pnpm@${PNPM_VERSION}`, '--', 'pnpm', ...args], {
    ...opts,
    env: { ...process.env, npm_config_loglevel: 'error', ...(opts?.env ?? {}) },
  })
}

function hashFiles(paths) {
  const h = crypto.createHash('sha256')
  const walk = (p) => {
    let st
    try {
      st = fs.statSync(p)
    } catch {
      return
    }
    if (st.isDirectory()) {
      const base = path.basename(p)
      if (['node_modules', 'dist', 'dist-pages', 'dist-server', '.next', '.data', 'test-results'].includes(base)) return
      for (const e of fs.readdirSync(p).sort()) walk(path.join(p, e))
    } else {
      h.update(path.relative(root, p))
      h.update(fs.readFileSync(p))
    }
  }
  for (const p of paths) walk(path.join(root, p))
  return h.digest('hex')
}

const stampFile = path.join(root, 'node_modules', '.salon-stamps.json')
const readStamps = () => {
  try {
    return JSON.parse(fs.readFileSync(stampFile, 'utf8'))
  } catch {
    return {}
  }
}
const writeStamp = (key, value) => {
  const stamps = readStamps()
  stamps[key] = value
  fs.writeFileSync(stampFile, JSON.stringify(stamps, null, 2))
}

/** `pnpm install` unless the lockfile and manifests are what was installed last time. */
export async function install() {
  const key = hashFiles([
    'pnpm-lock.yaml',
    'pnpm-workspace.yaml',
    'package.json',
    'shared/package.json',
    'cms/package.json',
    'web/package.json',
    'admin/package.json',
  ])
  if (fs.existsSync(path.join(root, 'node_modules', '.pnpm')) && readStamps().install === key) return false
  log('Installing dependencies (pnpm)…')
  const frozen = fs.existsSync(path.join(root, 'pnpm-lock.yaml')) ? ['--frozen-lockfile'] : []
  await pnpm(['install', ...frozen, '--reporter=append-only'], { env: { ...process.env, CI: process.env.CI ?? '' } })
  writeStamp('install', key)
  return true
}

const TARGETS = {
  web: {
    // The browser's bundle (dist/), the same components for Node (dist-server/, which cms/server.ts
    // renders `/` with) and the prerendered public pages (dist-pages/): web/README.md.
    inputs: ['web', 'shared/src', 'scripts/precompress.mjs'],
    output: 'web/dist-pages/home.html',
    cmd: ['--filter', '@salon/web', 'run', 'build'],
  },
  admin: {
    inputs: ['admin', 'shared/src', 'scripts/precompress.mjs'],
    output: 'admin/dist/index.html',
    cmd: ['--filter', '@salon/admin', 'run', 'build'],
  },
  cms: {
    inputs: ['cms/src', 'cms/next.config.mjs', 'cms/tsconfig.json', 'cms/package.json', 'shared/src'],
    output: 'cms/.next/BUILD_ID',
    cmd: ['--filter', '@salon/cms', 'run', 'build'],
  },
}

/** Builds each app whose sources changed since its last build (one at a time: 2 cores). */
export async function build({ force = false } = {}) {
  for (const [name, t] of Object.entries(TARGETS)) {
    const key = hashFiles(t.inputs)
    if (!force && fs.existsSync(path.join(root, t.output)) && readStamps()[`build:${name}`] === key) continue
    log(`Building ${name}…`)
    const started = Date.now()
    await pnpm(t.cmd, { env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } })
    writeStamp(`build:${name}`, key)
    log(`Built ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  }
}

/** Debian's Chromium at /usr/bin/chromium, installed with apt when missing (as root): the e2e stage and the page benches. */
export function ensureChromium() {
  if (fs.existsSync('/usr/bin/chromium')) return
  if (process.getuid?.() !== 0)
    throw new Error('Chromium is missing: install the Debian package `chromium` (apt-get install -y chromium).')
  log('Installing Chromium from Debian (apt)…')
  let r = spawnSync('apt-get', ['update'], { stdio: 'inherit' })
  r = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  if (r.status !== 0) throw new Error('apt-get install chromium failed')
}
