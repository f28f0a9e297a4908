#!/usr/bin/env node
// `npm test`: everything the project needs to test itself, on a fresh machine.
//   install → build → typecheck → unit tests → real PostgreSQL + the built server →
//   integration tests over HTTP → end-to-end tests in Chromium → "N passed, N failed".
import { spawnSync, fork } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { build, install, log, root, run } from './lib/workspace.mjs'
import { unhandledRejections } from './lib/serverLog.mjs'

const only = process.argv.slice(2).find((a) => !a.startsWith('-')) // lint | unit | int | e2e
// `node scripts/test.mjs int booking move`: only the integration files whose names match.
const intFilters = only === 'int' ? process.argv.slice(3).filter((a) => !a.startsWith('-')) : []
// `e2e <file filters>`: only the spec files whose name contains one of them.
const e2eFilters = only === 'e2e' ? process.argv.slice(3).filter((a) => !a.startsWith('-')) : []
const want = (stage) => !only || only === stage
const testDir = path.join(root, '.data', 'test')
const results = []
let failedStage = null

async function stage(name, fn) {
  const started = Date.now()
  log(`${name}…`)
  try {
    await fn()
  } catch (err) {
    failedStage ??= name
    console.error(`\x1b[31m✗ ${name}: ${err.message}\x1b[0m`)
  }
  log(`${name} took ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

const bin = (name) => path.join(root, 'node_modules', '.bin', name)

/** Failed tests by name with the first lines of their error, printed again at the very end of the
 * run: CI keeps only the tail of the output, and a red run must say what broke. */
const failures = []
/** Tests that failed once and passed on the retry (CI only, integration suite): listed, not hidden. */
const flaky = []
const firstLines = (text) =>
  String(text ?? '')
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .split('\n')
    .filter((l) => l.trim() && !l.includes('node_modules'))
    .slice(0, 3)
    .map((l) => `      ${l.trim().slice(0, 220)}`)
    .join('\n')

function readVitest(file) {
  try {
    const r = JSON.parse(fs.readFileSync(file, 'utf8'))
    for (const suite of r.testResults ?? []) {
      const rel = path.relative(root, suite.name)
      const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed')
      for (const t of failedTests) failures.push(`${rel} › ${t.fullName}\n${firstLines(t.failureMessages?.[0])}`)
      for (const t of suite.assertionResults ?? [])
        if (t.status === 'passed' && t.failureMessages?.length)
          flaky.push(`${rel} › ${t.fullName}\n${firstLines(t.failureMessages[0])}`)
      if (!failedTests.length && suite.status === 'failed') failures.push(`${rel}\n${firstLines(suite.message)}`)
    }
    return {
      passed: r.numPassedTests,
      failed: r.numFailedTests + (r.numFailedTestSuites && !r.numFailedTests ? r.numFailedTestSuites : 0),
    }
  } catch {
    return { passed: 0, failed: 1 }
  }
}

function readPlaywright(file) {
  try {
    const r = JSON.parse(fs.readFileSync(file, 'utf8'))
    const walk = (suite) => {
      for (const spec of suite.specs ?? [])
        for (const t of spec.tests ?? [])
          if (t.status === 'unexpected') {
            const error = t.results?.at(-1)?.error?.message
            failures.push(`${spec.file} › [${t.projectName}] ${spec.title}\n${firstLines(error)}`)
          }
      for (const child of suite.suites ?? []) walk(child)
    }
    for (const suite of r.suites ?? []) walk(suite)
    return { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected }
  } catch {
    return { passed: 0, failed: 1 }
  }
}

function ensureChromium() {
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

await install()
fs.rmSync(testDir, { recursive: true, force: true })
fs.mkdirSync(testDir, { recursive: true })
// House rules first (docs/architecture.md): a lint finding or an unformatted file fails the run.
if (want('unit') || want('lint')) {
  await stage('Lint (ESLint) and format check (Prettier)', async () => {
    const problems = []
    await run(bin('eslint'), ['--max-warnings', '0', '.']).catch(() =>
      problems.push('ESLint found problems (npm run lint)'),
    )
    await run(bin('prettier'), ['--check', '--log-level', 'warn', '.']).catch(() =>
      problems.push('unformatted files (npm run format)'),
    )
    results.push(['lint + format', { passed: 2 - problems.length, failed: problems.length }])
    // …and the rules still refuse what they should (a config change must not turn a boundary off).
    const out = path.join(testDir, 'rules.json')
    await run(bin('vitest'), [
      'run',
      '--project',
      'rules',
      '--reporter=dot',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ]).catch(() => {})
    results.push(['house rules', readVitest(out)])
    if (results.at(-1)[1].failed) problems.push('a house rule no longer fires (scripts/lint/house-rules.test.ts)')
    if (problems.length) throw new Error(problems.join('; '))
  })
}
if (only === 'lint') {
  printSummary()
}
if (!process.argv.includes('--no-build')) await stage('Build', () => build())

if (want('unit')) {
  await stage('Typecheck', async () => {
    for (const pkg of ['shared', 'cms', 'web', 'admin', '.'])
      await run(bin('tsc'), ['-p', `${pkg}/tsconfig.json`, '--noEmit'])
  })
  // The engine must not depend on the process time zone: the unit suite runs under two.
  for (const tz of ['UTC', 'Europe/Rome']) {
    await stage(`Unit tests (TZ=${tz})`, async () => {
      const out = path.join(testDir, `unit-${tz.replace('/', '-')}.json`)
      await run(
        bin('vitest'),
        [
          'run',
          '--project',
          'unit',
          '--project',
          'web',
          '--project',
          'admin',
          '--reporter=dot',
          '--reporter=json',
          `--outputFile.json=${out}`,
        ],
        { env: { ...process.env, TZ: tz } },
      ).catch(() => {})
      results.push([`unit ${tz}`, readVitest(out)])
      if (results.at(-1)[1].failed) throw new Error('unit tests failed')
    })
  }
}

/**
 * A throw-away PostgreSQL (demo data), a mail catcher and the built server on free ports, under
 * `dir`. `execPath` is the Node binary that runs the server (default: this one).
 */
async function startStack(dir, execPath = process.execPath, { second = false } = {}) {
  const { startPostgres, freePort } = await import('./lib/postgres.mjs')
  const { startSmtp } = await import('./lib/smtp.mjs')
  const stack = { db: null, app: null, appB: null, smtp: null, env: {}, logs: [] }
  const stopApp = (app) =>
    app && app.exitCode === null
      ? new Promise((r) => {
          app.once('exit', r)
          app.kill('SIGTERM')
          setTimeout(() => app.kill('SIGKILL'), 8000).unref()
        })
      : Promise.resolve()
  stack.stop = async () => {
    await Promise.all([stopApp(stack.app), stopApp(stack.appB)])
    await stack.db?.stop()
    await stack.smtp?.stop()
  }
  /** One built app process on `port`; several may share the stack's PostgreSQL, as in production. */
  /** What every app process of the stack gets (less its port); the tests start more with it. */
  const appEnv = () => ({
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: stack.db.url,
    DATA_DIR: dir,
    SALON_DEMO: 'true',
    TRUST_PROXY: 'true',
    SMTP_URL: stack.smtp.url,
    MAIL_FROM: 'Salone Demo <no-reply@demo.salon>',
    NEXT_TELEMETRY_DISABLED: '1',
  })
  const startServer = async (port, logName, ownsPostgres) => {
    const serverLog = path.join(dir, logName)
    stack.logs.push(serverLog)
    const app = fork(path.join(root, 'cms', 'server.ts'), [], {
      cwd: path.join(root, 'cms'),
      execPath,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', fs.openSync(serverLog, 'w'), fs.openSync(serverLog, 'a'), 'ipc'],
      env: {
        ...appEnv(),
        PORT: String(port),
        ...(ownsPostgres ? { SALON_OWNED_PG_PID: String(stack.db.child.pid) } : {}),
        SERVER_URL: `http://localhost:${port}`,
      },
    })
    await new Promise((resolve, reject) => {
      app.on('message', (m) => m?.type === 'ready' && resolve())
      app.once('exit', (code) => reject(new Error(`server exited (${code}); see ${path.relative(root, serverLog)}`)))
    })
    return app
  }
  fs.mkdirSync(dir, { recursive: true })
  const port = await freePort(0)
  try {
    stack.db = await startPostgres({
      dataDir: path.join(dir, 'pg'),
      database: 'salon_test',
      ephemeral: true,
      preferredPort: 0,
      log,
    })
    stack.smtp = await startSmtp(path.join(dir, 'smtp'))
    stack.app = await startServer(port, 'server.log', true)
    if (second) {
      // A second process on the same PostgreSQL: the integration suite checks that two agree.
      const portB = await freePort(0)
      stack.appB = await startServer(portB, 'server-b.log', false)
      stack.env.SALON_BASE_URL_B = `http://localhost:${portB}`
    }
  } catch (err) {
    await stack.stop() // no PostgreSQL or mail catcher left behind when the server fails
    throw err
  }
  stack.env = {
    ...stack.env,
    SALON_BASE_URL: `http://localhost:${port}`,
    SALON_DATABASE_URL: stack.db.url,
    SALON_MAIL_DIR: path.join(dir, 'smtp'),
    // Tests that start app processes of their own (cms/tests/int/helpers.ts startApp): the same
    // settings, and a directory for their logs (checked like the stack's own, below).
    SALON_APP_ENV: JSON.stringify(appEnv()),
    SALON_APP_LOG_DIR: path.join(dir, 'apps'),
  }
  log(
    `App on ${stack.env.SALON_BASE_URL} (Node ${spawnSync(execPath, ['--version'], { encoding: 'utf8' }).stdout.trim()}), PostgreSQL on ${stack.db.port}`,
  )
  return stack
}

/** The integration suite against `stack`; `nodeDir` first in PATH runs vitest itself on that Node. */
async function intSuite(row, stack, nodeDir) {
  const out = path.join(testDir, `${row.replace(/\W+/g, '-')}.json`)
  const env = { ...process.env, ...stack.env }
  if (nodeDir) env.PATH = `${nodeDir}${path.delimiter}${env.PATH}`
  await run(
    bin('vitest'),
    [
      'run',
      '--project',
      'int',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
      // On CI one retry per test: a machine we cannot look at must not turn a timing hiccup into a
      // lost run; every retried test is printed at the end of the output ("Flaky").
      ...(process.env.CI ? ['--retry=1'] : []),
      ...intFilters,
    ],
    { env, timeoutMs: 12 * 60_000 }, // ~2 min normally; a hang fails the run instead of blocking CI
  ).catch(() => {})
  results.push([row, readVitest(out)])
  if (results.at(-1)[1].failed) throw new Error(`integration tests failed (${row})`)
}

// The production image's Node (Dockerfile): a full run, or `int … --node24`, also runs the
// integration suite with the built server (and vitest) on Node 24, on its own fresh database.
const PROD_NODE_MAJOR = 24
const wantProdNode =
  !process.argv.includes('--no-node24') && (!only || (only === 'int' && process.argv.includes('--node24')))

let stacks = []
const stopStacks = async () => {
  const all = stacks
  stacks = []
  for (const s of all) {
    await s.stop()
    const appLogs = s.env.SALON_APP_LOG_DIR
    const extra = appLogs && fs.existsSync(appLogs) ? fs.readdirSync(appLogs).map((f) => path.join(appLogs, f)) : []
    for (const file of [...s.logs, ...extra]) checkServerLog(file)
  }
}

/** The server logs a rejection nobody handled (cms/src/platform/unhandled.ts): a bug, so the run fails. */
function checkServerLog(file) {
  const unhandled = fs.existsSync(file) ? unhandledRejections(fs.readFileSync(file, 'utf8')) : []
  results.push([`log ${path.relative(testDir, file)}`, { passed: unhandled.length ? 0 : 1, failed: unhandled.length }])
  if (unhandled.length) {
    failedStage ??= `unhandled promise rejection in the server log (${file})`
    for (const line of unhandled.slice(0, 5)) console.error(`\x1b[31m${line}\x1b[0m`)
  }
}
process.on('SIGINT', () => stopStacks().then(() => process.exit(130)))
process.on('SIGTERM', () => stopStacks().then(() => process.exit(143)))

if (want('int') || want('e2e')) {
  let stack = null
  try {
    await stage('Start PostgreSQL and the built app', async () => {
      stack = await startStack(testDir, process.execPath, { second: want('int') })
      stacks.push(stack)
      Object.assign(process.env, stack.env)
    })
    // Browsers first, on the pristine demo salon; the integration tests then add and change data.
    if (stack && want('e2e')) {
      await stage('End-to-end tests (Chromium)', async () => {
        ensureChromium()
        const out = path.join(testDir, 'e2e.json')
        await run(bin('playwright'), ['test', '--reporter=list,json', ...e2eFilters], {
          env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
          timeoutMs: 15 * 60_000, // ~1 min normally
        }).catch(() => {})
        results.push(['e2e', readPlaywright(out)])
        if (results.at(-1)[1].failed) throw new Error('end-to-end tests failed')
      })
    }
    if (stack && want('int')) {
      await stage('Integration tests (HTTP + PostgreSQL)', () => intSuite('int', stack))
    }
  } finally {
    await stopStacks()
  }
  if (wantProdNode && want('int')) {
    const row = `int node ${PROD_NODE_MAJOR}`
    try {
      await stage(`Integration tests on Node ${PROD_NODE_MAJOR} (the production image's runtime)`, async () => {
        const { nodeBinary } = await import('./lib/node-runtime.mjs')
        let node
        try {
          node = nodeBinary(PROD_NODE_MAJOR, path.join(root, '.data', `node${PROD_NODE_MAJOR}`), log)
        } catch (err) {
          results.push([row, { passed: 0, failed: 1 }])
          throw err
        }
        let s
        try {
          s = await startStack(path.join(testDir, `node${PROD_NODE_MAJOR}`), node, { second: true })
        } catch (err) {
          results.push([row, { passed: 0, failed: 1 }])
          throw err
        } finally {
          if (s) stacks.push(s)
        }
        await intSuite(row, s, path.dirname(node))
      })
    } finally {
      await stopStacks()
    }
  }
}

printSummary()

function printSummary() {
  let passed = 0
  let failed = 0
  if (flaky.length) {
    console.error(`\x1b[33mFlaky: failed once, passed on the retry (${flaky.length}):\x1b[0m`)
    for (const f of flaky.slice(0, 10)) console.error(`  ! ${f}`)
  }
  if (failures.length) {
    console.error(`\x1b[31mFailed tests (${failures.length}):\x1b[0m`)
    for (const f of failures.slice(0, 15)) console.error(`  ✗ ${f}`)
  }
  for (const [name, r] of results) {
    console.log(`  ${name.padEnd(16)} ${r.passed} passed, ${r.failed} failed`)
    passed += r.passed
    failed += r.failed
  }
  if (failedStage && failed === 0) failed = 1 // a stage broke before its tests could run
  if (failedStage) console.error(`\x1b[31mFirst failure: ${failedStage}\x1b[0m`)
  console.log(`${passed} passed, ${failed} failed`)
  process.exit(failed ? 1 : 0)
}
