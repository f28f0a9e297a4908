// cms/server.ts runs beside Next, which bundles Payload apart: if the server's own module graph
// reached Payload, every process would load it a second time (~2 s of start-up, its memory). The
// server imports the modules' `edge.ts` entries; this walks the static imports from server.ts and
// fails on any value import of Payload or a Payload package (type imports are erased).
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const cms = path.resolve(import.meta.dirname, '../..')
const IMPORT = /^(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?'([^']+)'/gm

function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec)
  for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    if (fs.existsSync(c) && fs.statSync(c).isFile()) return c
  return null
}

/** Every package imported for its value from `entry`'s graph, with the chain that reached it. */
function packagesReached(entry: string): Map<string, string[]> {
  const found = new Map<string, string[]>()
  const seen = new Set<string>()
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const [, typeOnly, spec] of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (typeOnly || !spec) continue
      if (spec.startsWith('.')) {
        const next = resolve(file, spec)
        if (next) walk(next, [...chain, path.relative(cms, next)])
      } else if (!found.has(spec)) found.set(spec, chain)
    }
  }
  walk(entry, [path.relative(cms, entry)])
  return found
}

describe("cms/server.ts's own module graph", () => {
  const reached = packagesReached(path.join(cms, 'server.ts'))

  it('never loads Payload (the modules are reached through their edge.ts)', () => {
    const payload = [...reached].filter(([spec]) => /^(payload|@payloadcms\/)/.test(spec))
    expect(payload.map(([spec, chain]) => `${spec} ← ${chain.join(' ← ')}`)).toEqual([])
  })

  it('is walked for real: it reaches the availability reads and PostgreSQL', () => {
    expect(reached.has('pg')).toBe(true)
    expect(reached.has('@salon/shared')).toBe(true)
  })
})
