// A second Node runtime for CI (docs/architecture.md "Tests"): the production image runs the
// current LTS (Dockerfile), the dev machines run Node 20. npm's `node-<os>-<arch>` package ships
// the official Node binary, so it is fetched like any package (`npm pack`, no other network).
// Node built-ins only.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

/**
 * The path of a Node `major` binary under `dir` (`dir/bin/node`), fetched with npm on first use
 * and reused while its major matches. Throws when npm or tar fail.
 */
export function nodeBinary(major, dir, log = () => {}) {
  const binary = path.join(dir, 'bin', 'node')
  const version = () => spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? ''
  if (fs.existsSync(binary) && version().startsWith(`v${major}.`)) return binary
  fs.rmSync(dir, { recursive: true, force: true })
  fs.mkdirSync(dir, { recursive: true })
  const pkg = `node-${process.platform}-${process.arch}@${major}`
  log(`Fetching Node ${major} (npm package ${pkg})…`)
  const packed = spawnSync('npm', ['pack', pkg, '--pack-destination', dir, '--silent'], {
    encoding: 'utf8',
    env: { ...process.env, npm_config_loglevel: 'error' },
  })
  const tgz = packed.stdout?.trim().split('\n').at(-1)
  if (packed.status !== 0 || !tgz) throw new Error(`npm pack ${pkg} failed: ${packed.stderr}`)
  const untar = spawnSync('tar', ['xzf', path.join(dir, tgz), '-C', dir, '--strip-components=1', 'package/bin/node'])
  if (untar.status !== 0) throw new Error(`extracting ${tgz} failed: ${untar.stderr}`)
  fs.rmSync(path.join(dir, tgz), { force: true })
  if (!version().startsWith(`v${major}.`))
    throw new Error(`${binary} is not Node ${major} (${version() || 'no output'})`)
  log(`Node ${version()} in ${path.relative(process.cwd(), dir) || dir}`)
  return binary
}

/**
 * The production image's Node major: the last `FROM node:<major>` of `dockerfile` (the runtime
 * stage of a multi-stage build), as a number. Throws when there is none.
 */
export function productionNodeMajor(dockerfile) {
  const froms = [...dockerfile.matchAll(/^FROM node:(\d+)/gm)]
  if (!froms.length) throw new Error('Dockerfile: no `FROM node:<major>` line')
  return Number(froms.at(-1)[1])
}
