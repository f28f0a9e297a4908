import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { benchNode, nodeVersion, productionNodeMajor } from './benchNode.mjs'

describe('the Node the benchmarks run their servers on', () => {
  it('defaults to the Dockerfile’s runtime major', () => {
    const dockerfile = fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'Dockerfile'), 'utf8')
    const last = [...dockerfile.matchAll(/^FROM node:(\d+)/gm)].at(-1)![1]
    expect(productionNodeMajor()).toBe(last)
    expect(Number(productionNodeMajor())).toBeGreaterThanOrEqual(20)
  })

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
