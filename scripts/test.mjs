#!/usr/bin/env node
// `npm test`: everything the project needs to test itself, on a fresh machine.
//   install → build → typecheck → unit tests → real PostgreSQL + the built server →
//   integration tests over HTTP → end-to-end tests in Chromium → "N passed, N failed".
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { build, ensureChromium, install, log, root, run } from './lib/workspace.mjs'
import { unhandledRejections } from './lib/serverLog.mjs'
import { e2eCounts } from './lib/e2eProgress.mjs'
import { nodeBinary, productionNodeMajor } from './lib/node-runtime.mjs'

const only = process.argv.slice(2).find((a) => !a.startsWith('-')) // lint | unit | drill | int | e2e
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

/**
 * The e2e stage's counts, every test counted (e2e/progress-reporter.ts writes a line per test as it
 * goes): a run cut short counts what ran as it ended, the test it was in and those it never reached
 * as failed.
 */
function readPlaywright(progressFile) {
  const text = fs.existsSync(progressFile) ? fs.readFileSync(progressFile, 'utf8') : ''
  const r = e2eCounts(text)
  if (!r) {
    failures.push('e2e › Playwright did not start a single test (see its output above)')
    return { passed: 0, failed: 1 }
  }
  for (const f of r.failures) failures.push(`${f.title}\n${firstLines(f.error)}`)
  if (!r.complete)
    log(
      `The e2e run was cut short: of its ${r.total} tests ${r.passed} passed; the failed ones above include those it never finished`,
    )
  return { passed: r.passed, failed: r.failed }
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
// The restore drill (scripts/lib/backup.drill.test.ts, ~15 s): a throw-away PostgreSQL with WAL
// archiving, backed up, written to, restored to points in time and compared row for row.
if (want('unit') || only === 'drill') {
  await stage('Restore drill (backup, point-in-time restore)', async () => {
    const out = path.join(testDir, 'drill.json')
    await run(bin('vitest'), [
      'run',
      '--project',
      'drill',
      '--reporter=dot',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ]).catch(() => {})
    results.push(['restore drill', readVitest(out)])
    if (results.at(-1)[1].failed) throw new Error('the restore drill failed')
  })
  if (only === 'drill') printSummary()
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
 * A throw-away PostgreSQL under `dir` with the demo salon migrated and seeded once into a template
 * database (scripts/lib/appStacks.mjs); `e2e: true` also starts a copy of it with its app for the
 * browsers. The integration suite takes copies of its own (intSuite). `execPath` is the Node binary
 * that runs the app processes (default: this one).
 */
async function startStack(dir, execPath = process.execPath, { e2e = false } = {}) {
  const { startPostgres } = await import('./lib/postgres.mjs')
  const { seedTemplate, startCopy } = await import('./lib/appStacks.mjs')
  const stack = { dir, execPath, db: null, template: null, copies: [], env: {}, logs: [], pool: null }
  stack.stop = async () => {
    await stack.pool?.close()
    await Promise.all(stack.copies.map((c) => c.stop()))
    await stack.oidc?.stop()
    await stack.db?.stop()
  }
  fs.mkdirSync(dir, { recursive: true })
  try {
    stack.db = await startPostgres({
      dataDir: path.join(dir, 'pg'),
      database: 'salon_template',
      ephemeral: true,
      preferredPort: 0,
      log,
    })
    stack.template = await seedTemplate({ db: stack.db, dir: path.join(dir, 'template'), execPath, log })
    stack.logs.push(...stack.template.logs)
    if (e2e) {
      // External sign-in's journeys need an OpenID provider: a real one on loopback, for this app.
      const { startProviderProcess } = await import('./lib/testOidcProvider.mjs')
      stack.oidc = await startProviderProcess(path.join(dir, 'oidc-provider.log'))
      const copy = await startCopy({
        db: stack.db,
        template: stack.template,
        dir: path.join(dir, 'e2e'),
        name: 'salon_e2e',
        execPath,
        ownedPgPid: String(stack.db.child.pid),
        extraEnv: stack.oidc.env,
      })
      stack.copies.push(copy)
      stack.env = copy.env
    }
  } catch (err) {
    await stack.stop() // no PostgreSQL or mail catcher left behind when the server fails
    throw err
  }
  log(
    `PostgreSQL on ${stack.db.port}, apps on Node ${spawnSync(execPath, ['--version'], { encoding: 'utf8' }).stdout.trim()}` +
      (stack.env.SALON_BASE_URL ? `, e2e app on ${stack.env.SALON_BASE_URL}` : ''),
  )
  return stack
}

/**
 * The integration suite: every file gets a salon of its own — a fresh copy of the seeded database,
 * data directory and mail catcher, with its own app process(es) — which cms/tests/int/setup.ts
 * leases over HTTP. `SALON_INT_AHEAD` copies (default 1) are started ahead while a file runs.
 * `nodeDir` first in PATH runs vitest itself on that Node.
 */
async function intSuite(row, stack, nodeDir) {
  const { createPool, serveLeases, startCopy, copyLogs } = await import('./lib/appStacks.mjs')
  const out = path.join(testDir, `${row.replace(/\W+/g, '-')}.json`)
  const served = new Map() // copy → the test file it served, for the log check
  stack.pool = createPool({
    ahead: Math.max(1, Number(process.env.SALON_INT_AHEAD) || 1),
    make: (n) =>
      startCopy({
        db: stack.db,
        template: stack.template,
        dir: path.join(stack.dir, 'files', String(n)),
        name: `salon_file_${n}`,
        execPath: stack.execPath,
        ownedPgPid: String(stack.db.child.pid),
      }),
  })
  const leases = await serveLeases({ pool: stack.pool, onLease: (copy, file) => served.set(copy, file) })
  const env = { ...process.env, SALON_STACKS_URL: leases.url }
  if (nodeDir) env.PATH = `${nodeDir}${path.delimiter}${env.PATH}`
  try {
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
      // ~5 min on an idle 2-core machine, 12+ with both cores busy; a hang fails the run instead of
      // blocking CI
      { env, timeoutMs: 30 * 60_000 },
    ).catch(() => {})
  } finally {
    await leases.close()
    const copies = await stack.pool.close()
    stack.pool = null
    const logs = copies.flatMap((c) =>
      copyLogs(c).map((file) => ({ file, test: served.get(c) && path.relative(root, served.get(c)) })),
    )
    checkServerLogs(`${row} app logs`, logs)
  }
  results.push([row, readVitest(out)])
  if (results.at(-1)[1].failed) throw new Error(`integration tests failed (${row})`)
}

// The production image's Node (Dockerfile): a full run, or `int … --node24`, also runs the
// integration suite with the built server (and vitest) on Node 24, on its own fresh database.
const PROD_NODE_MAJOR = productionNodeMajor(fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8'))
const wantProdNode =
  !process.argv.includes('--no-node24') && (!only || (only === 'int' && process.argv.includes('--node24')))

let stacks = []
const stopStacks = async () => {
  const all = stacks
  stacks = []
  for (const s of all) {
    await s.stop()
    const e2eLogs = s.copies.flatMap((c) => (c.logs ?? []).map((file) => ({ file })))
    checkServerLogs(s.dir === testDir ? 'app logs' : `${path.basename(s.dir)} app logs`, [
      ...s.logs.map((file) => ({ file })),
      ...e2eLogs,
    ])
  }
}

/**
 * The server logs a rejection nobody handled (cms/src/platform/unhandled.ts): a bug, so the run fails.
 * One summary row for `logs` (each `{file, test}`: the test file whose app wrote it, if any).
 */
function checkServerLogs(row, logs) {
  let failed = 0
  for (const { file, test } of logs) {
    const unhandled = fs.existsSync(file) ? unhandledRejections(fs.readFileSync(file, 'utf8')) : []
    if (!unhandled.length) continue
    failed++
    const where = `${path.relative(root, file)}${test ? ` (app of ${test})` : ''}`
    failures.push(`unhandled promise rejection in ${where}\n${firstLines(unhandled.join('\n'))}`)
    failedStage ??= `unhandled promise rejection in the server log ${where}`
    for (const line of unhandled.slice(0, 5)) console.error(`\x1b[31m${line}\x1b[0m`)
  }
  if (logs.length) results.push([row, { passed: logs.length - failed, failed }])
}
process.on('SIGINT', () => stopStacks().then(() => process.exit(130)))
process.on('SIGTERM', () => stopStacks().then(() => process.exit(143)))

if (want('int') || want('e2e')) {
  let stack = null
  try {
    await stage('Start PostgreSQL and the built app', async () => {
      stack = await startStack(testDir, process.execPath, { e2e: want('e2e') })
      stacks.push(stack)
      Object.assign(process.env, stack.env)
    })
    // Browsers first (on a copy of the demo salon of their own), then the integration files (each on
    // a fresh copy of its own).
    if (stack && want('e2e')) {
      await stage('End-to-end tests (Chromium)', async () => {
        ensureChromium()
        const out = path.join(testDir, 'e2e.json')
        const progress = path.join(testDir, 'e2e-progress.jsonl')
        fs.rmSync(progress, { force: true })
        await run(bin('playwright'), ['test', '--reporter=list,json,./e2e/progress-reporter.ts', ...e2eFilters], {
          env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: out, SALON_E2E_PROGRESS: progress },
          timeoutMs: 30 * 60_000, // 13.5 min measured with both cores busy
        }).catch(() => {})
        await Promise.all(stack.copies.map((c) => c.stop())) // its app is not needed any more
        results.push(['e2e', readPlaywright(progress)])
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
        let node
        try {
          node = nodeBinary(PROD_NODE_MAJOR, path.join(root, '.data', `node${PROD_NODE_MAJOR}`), log)
        } catch (err) {
          results.push([row, { passed: 0, failed: 1 }])
          throw err
        }
        let s
        try {
          s = await startStack(path.join(testDir, `node${PROD_NODE_MAJOR}`), node)
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
