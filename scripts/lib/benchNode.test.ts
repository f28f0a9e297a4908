import { describe, expect, it } from 'vitest'
import { benchNode, nodeVersion } from './benchNode.mjs'
import { productionNodeMajor } from './node-runtime.mjs'

describe('the production image’s Node major (the integration suite’s second run, the benchmarks’ servers)', () => {
  it('is the last `FROM node:<major>` of the Dockerfile: the runtime stage of a multi-stage build', () => {
    const dockerfile = [
      'FROM node:22-bookworm AS build',
      'RUN npm ci',
      '# FROM node:18 (a comment is not a stage)',
      'FROM node:24-bookworm-slim',
      'CMD ["node", "scripts/start.mjs"]',
    ].join('\n')
    expect(productionNodeMajor(dockerfile)).toBe(24)
    expect(productionNodeMajor('FROM node:26-alpine\n')).toBe(26)
  })

  it('refuses a Dockerfile without a Node stage', () => {
    expect(() => productionNodeMajor('FROM debian:bookworm\n')).toThrow(/no `FROM node:<major>` line/)
  })
})

describe('the Node the benchmarks run their servers on', () => {
  it('`host` and this Node’s own major are this process’s binary; the choice is logged', () => {
    const lines: string[] = []
    expect(benchNode((l: string) => lines.push(l), 'host')).toBe(process.execPath)
    expect(benchNode((l: string) => lines.push(l), process.versions.node.split('.')[0])).toBe(process.execPath)
    expect(lines).toEqual([`Servers on this Node, ${process.version}`, `Servers on this Node, ${process.version}`])
    expect(nodeVersion(process.execPath)).toBe(process.version)
  })

  it('refuses what is not a major version', () => {
    expect(() => benchNode(() => {}, 'latest')).toThrow(/give a major version/)
  })
})
