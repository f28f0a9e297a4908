import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { etagMatches, loadShell, negotiateEncoding, staleVariants } from './delivery'

describe('negotiateEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['x-gzip', 'gzip'],
    ['BR', 'br'],
    ['br;q=abc, gzip', 'gzip'],
  ] as const)('%j → %j', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected)
  })

  it('only offers what exists', () => {
    expect(negotiateEncoding('br, gzip', ['gzip'])).toBe('gzip')
    expect(negotiateEncoding('br', ['gzip'])).toBeNull()
  })
})

describe('etagMatches', () => {
  it('compares weakly, in lists and with *', () => {
    expect(etagMatches('"a"', '"a"')).toBe(true)
    expect(etagMatches('W/"a"', '"a"')).toBe(true)
    expect(etagMatches('"b", "a"', '"a"')).toBe(true)
    expect(etagMatches('*', '"a"')).toBe(true)
    expect(etagMatches('"a-br"', '"a"')).toBe(false)
    expect(etagMatches(undefined, '"a"')).toBe(false)
  })
})

describe('variants on disk', () => {
  let dir: string
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))
  const setup = () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'delivery-'))
    fs.mkdirSync(path.join(dir, 'assets'))
    const html = Buffer.from('<!doctype html><title>shell</title>'.repeat(40))
    const js = Buffer.from('console.log("fresh");'.repeat(100))
    fs.writeFileSync(path.join(dir, 'index.html'), html)
    fs.writeFileSync(path.join(dir, 'index.html.br'), zlib.brotliCompressSync(html))
    fs.writeFileSync(path.join(dir, 'index.html.gz'), zlib.gzipSync(html))
    fs.writeFileSync(path.join(dir, 'assets', 'app.js'), js)
    fs.writeFileSync(path.join(dir, 'assets', 'app.js.br'), zlib.brotliCompressSync(js))
    fs.writeFileSync(path.join(dir, 'assets', 'app.js.gz'), zlib.gzipSync(js))
    return { html, js }
  }

  it('finds no stale variant in a fresh build', () => {
    setup()
    expect([...staleVariants(dir)]).toEqual([])
  })

  it('reports files rewritten after the precompression', () => {
    setup()
    fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log("rewritten")')
    fs.writeFileSync(path.join(dir, 'index.html.gz'), 'not gzip at all')
    expect([...staleVariants(dir)].sort()).toEqual(['/assets/app.js', '/index.html'])
  })

  it('loads the shell with one ETag per representation and drops a stale variant', () => {
    const { html } = setup()
    let shell = loadShell(dir)!
    expect(shell.identity.body.equals(html)).toBe(true)
    expect(zlib.brotliDecompressSync(shell.encoded.br!.body).equals(html)).toBe(true)
    expect(zlib.gunzipSync(shell.encoded.gzip!.body).equals(html)).toBe(true)
    const tags = [shell.identity.etag, shell.encoded.br!.etag, shell.encoded.gzip!.etag]
    expect(new Set(tags).size).toBe(3)

    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>prerendered later</title>')
    const warn = console.warn
    console.warn = () => {}
    try {
      shell = loadShell(dir)!
    } finally {
      console.warn = warn
    }
    expect(shell.encoded).toEqual({})
  })

  it('has no shell before a build', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'delivery-'))
    expect(loadShell(dir)).toBeNull()
  })
})
