import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { customMedia } from '@salon/shared/breakpoints'

/*
 * The spec §9 breakpoints are the one source of the site's media queries: every width in the web
 * CSS is a custom media name (`@media (--md)`) generated from shared/src/breakpoints.ts at build
 * time (web/vite.config.ts, `resolveCustomMedia`). A width typed by hand — `@media (min-width: 768px)` — fails here.
 */

const WEB = join(import.meta.dirname, '..')

function files(dir: string, match: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : files(path, match)
    return match.test(entry.name) ? [path] : []
  })
}

/** Every stylesheet of the site: CSS files, and the `<style>` of HTML pages (index, offline). */
const STYLES = [...files(join(WEB, 'src'), /\.css$/), ...files(join(WEB, 'public'), /\.html$/), join(WEB, 'index.html')]

/** `@media` preludes (up to the `{`) with their file and line. */
function mediaQueries(): { where: string; prelude: string }[] {
  return STYLES.flatMap((file) => {
    // Comments blanked, lines kept: a query quoted in a comment is not a query.
    const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    return [...text.matchAll(/@media([^{]*)\{/g)].map((m) => ({
      where: `${relative(WEB, file)}:${text.slice(0, m.index).split('\n').length}`,
      prelude: m[1]!.trim(),
    }))
  })
}

describe('web CSS media queries', () => {
  const queries = mediaQueries()

  it('finds the stylesheet and its queries', () => {
    expect(STYLES.some((f) => f.endsWith('styles.css'))).toBe(true)
    expect(queries.some((q) => q.prelude === '(--md)')).toBe(true)
  })

  it('type no width: they name a breakpoint instead', () => {
    const typed = queries.filter((q) => /\d\s*(px|em|rem|vw|ch)\b|width\s*[:<>=]/i.test(q.prelude))
    expect(typed.map((q) => `${q.where} @media ${q.prelude}`)).toEqual([])
  })

  it('name only breakpoints that exist', () => {
    const known = new Set(Object.keys(customMedia()))
    const unknown = queries.flatMap((q) =>
      [...q.prelude.matchAll(/\((--[\w-]+)\)/g)]
        .map((m) => m[1]!)
        .filter((name) => !known.has(name))
        .map((n) => `${q.where} ${n}`),
    )
    expect(unknown).toEqual([])
  })
})
