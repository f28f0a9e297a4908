import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { en } from './en'
import { enRefusals } from './en-refusals'
import { enScreens } from './en-screens'
import { enShell } from './en-shell'

// Issue 28: the first load carries only `en-shell.ts`; every other screen fetches `en-screens.ts`
// before it renders (pages/registry.tsx). So every key the shell and the home can show must be in
// en-shell: the files reached from main.tsx by imports — static ones, and dynamic ones except the
// registry's screens, which wait for their words — are read for dictionary keys.
const src = path.resolve(import.meta.dirname, '..')

function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec)
  for (const f of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
    if (fs.existsSync(f) && fs.statSync(f).isFile()) return f
  return null
}

function shellFiles(): string[] {
  const seen = new Set<string>()
  const walk = (file: string) => {
    if (seen.has(file) || !/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) return
    // The dictionaries themselves, and the screens' lazy words and Italian, are not the shell's code.
    if (/i18n[\\/](en|en-shell|en-screens|en-refusals|it)\.ts$/.test(file)) return
    seen.add(file)
    // Type-only imports are not in the bundle.
    const text = fs.readFileSync(file, 'utf8').replace(/(?:import|export)\s+type\s[^;]*?from\s*'[^']+'/g, '')
    const isRegistry = file.endsWith(path.join('pages', 'registry.tsx'))
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const dynamic = /^import\s*\(/.test(m[0])
      if (isRegistry && dynamic && !m[1]!.startsWith('./home/')) continue
      const next = resolve(file, m[1]!)
      if (next) walk(next)
    }
  }
  walk(path.join(src, 'main.tsx'))
  return [...seen]
}

describe("the shell's English words (en-shell.ts)", () => {
  const files = shellFiles()

  it('the walk reaches the shell and the home, not the other screens', () => {
    const rel = files.map((f) => path.relative(src, f).replaceAll('\\', '/'))
    expect(rel).toEqual(expect.arrayContaining(['App.tsx', 'components/layout/header.tsx', 'pages/home/index.tsx']))
    expect(rel).toContain('pages/home/custom-range.tsx')
    expect(rel.some((f) => f.startsWith('pages/agenda/') || f.startsWith('pages/rota/'))).toBe(false)
  })

  it('every key the shell and the home name is in en-shell', () => {
    const missing: string[] = []
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8')
      for (const m of text.matchAll(/['`]([a-zA-Z][\w-]*(?:\.[\w-]+)+)['`]/g))
        if (m[1]! in en && !(m[1]! in enShell)) missing.push(`${path.relative(src, file)}: ${m[1]}`)
      // `refusal.${code}`: every key under the prefix.
      for (const m of text.matchAll(/`([a-zA-Z][\w-]*\.)\$\{/g))
        for (const key of Object.keys(enScreens))
          if (key.startsWith(m[1]!)) missing.push(`${path.relative(src, file)}: ${m[1]}… (${key})`)
    }
    expect(missing).toEqual([])
  })

  it('en is the three parts, with no key in two', () => {
    const parts = [enShell, enScreens, enRefusals].map((p) => Object.keys(p))
    const all = parts.flat()
    expect(all.length - new Set(all).size).toBe(0)
    expect(Object.keys(en).length).toBe(all.length)
    // The refusals (shown only after an error answer) are all of en-refusals and nothing else.
    expect(parts[2]!.every((k) => k.startsWith('refusal.'))).toBe(true)
    expect([...parts[0]!, ...parts[1]!].filter((k) => k.startsWith('refusal.'))).toEqual([])
  })

  it('the refusals arrive with the module that words them (messages.ts), not the shell', () => {
    const messages = fs.readFileSync(path.join(src, 'i18n', 'messages.ts'), 'utf8')
    expect(messages).toMatch(/addEnglish\(enRefusals\)/)
    const http = fs.readFileSync(path.join(src, 'providers', 'http.ts'), 'utf8')
    expect(http).toMatch(/await import\('\.\/payload-errors'\)/)
    expect(http).not.toMatch(/from '\.\/payload-errors'/)
  })
})
