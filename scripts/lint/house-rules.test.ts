// The house rules fire: each case lints a small piece of code as if it were a file of the project
// (the path decides which rules apply) and expects the rule that should refuse it. If a config
// change silently turns a boundary off, this fails.
import path from 'node:path'
import { ESLint } from 'eslint'
import prettier from 'prettier'
import { beforeAll, describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
let eslint: ESLint

beforeAll(() => {
  eslint = new ESLint({ cwd: root })
})

/** The rule ids ESLint reports for `code` placed at `file` (an existing file: type-aware rules need its project). */
async function findings(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) })
  const fatal = result!.messages.find((m) => m.fatal)
  if (fatal) throw new Error(`${file}: ${fatal.message}`)
  return result!.messages.map((m) => m.ruleId)
}

describe('promises: nobody starts work that nobody awaits or catches', () => {
  it('a floating promise on the server', async () => {
    expect(await findings('cms/src/platform/health.ts', `export function f() {\n  fetch('http://x')\n}\n`)).toContain(
      '@typescript-eslint/no-floating-promises',
    )
  })
  it('`void` is not enough on the server (an unhandled rejection ends the process)', async () => {
    const code = `export function f(mail: () => Promise<void>) {\n  void mail()\n}\n`
    expect(await findings('cms/src/accounts/accounts.ts', code)).toContain('@typescript-eslint/no-floating-promises')
  })
  it('work handed to inBackground passes', async () => {
    const code = `import { inBackground } from '../platform'\nexport function f(mail: () => Promise<void>) {\n  inBackground({ logger: console as never }, 'mail', mail)\n}\n`
    expect(await findings('cms/src/accounts/accounts.ts', code)).toEqual([])
  })
  it('an async handler where React expects a void one', async () => {
    const code = `export function B({ save }: { save: () => Promise<void> }) {\n  return <button onClick={save}>x</button>\n}\n`
    expect(await findings('web/src/lib/ui/Spinner.tsx', code)).toContain('@typescript-eslint/no-misused-promises')
  })
})

describe('web: app → features → lib, and features never import each other', () => {
  const file = 'web/src/features/booking/ReservePage.tsx'
  it.each([
    ['../account/api', file],
    ['../../features/home/api', file],
    ['../../app/routes', file],
    ['../features/booking/ReservePage', 'web/src/lib/api.ts'],
  ])('%s from %s is refused', async (source, from) => {
    expect(await findings(from, `export * from '${source}'\n`)).toContain('salon/web-layers')
  })
  it.each([
    ['./ThankYouPage', file],
    ['../../lib/api', file],
    ['../features/booking/ReservePage', 'web/src/app/routes.tsx'],
  ])('%s from %s is allowed', async (source, from) => {
    expect(await findings(from, `export * from '${source}'\n`)).not.toContain('salon/web-layers')
  })
})

describe('shared/ is pure', () => {
  it.each(['react', 'payload', '@refinedev/core', 'pg', '../../cms/src/env', '@salon/web/x'])(
    'shared imports nothing from %s',
    async (source) => {
      expect(await findings('shared/src/constants.ts', `export * from '${source}'\n`)).toContain(
        'no-restricted-imports',
      )
    },
  )
  it.each([
    'export const f = () => Date.now()',
    'export const f = () => new Date()',
    'export const f = () => Date()',
    'export const f = () => process.env.TZ',
    'export const f = () => performance.now()',
  ])('the engine refuses `%s`', async (code) => {
    expect(await findings('shared/src/booking/slots.ts', code + '\n')).toContain('no-restricted-syntax')
  })
  it('the session rules read no clock either', async () => {
    expect(await findings('shared/src/auth/session.ts', 'export const f = () => Date.now()\n')).toContain(
      'no-restricted-syntax',
    )
  })
  it('the engine may build dates from its inputs', async () => {
    expect(await findings('shared/src/booking/slots.ts', 'export const f = (ms: number) => new Date(ms)\n')).toEqual([])
  })
})

describe('settings are read in one place', () => {
  it('process.env outside cms/src/env.ts is refused', async () => {
    expect(await findings('cms/src/platform/health.ts', 'export const url = process.env.SMTP_URL\n')).toContain(
      'no-restricted-syntax',
    )
    expect(await findings('web/src/lib/api.ts', 'export const url = process.env.SMTP_URL\n')).toContain(
      'no-restricted-syntax',
    )
  })
  it('cms/src/env.ts reads the environment', async () => {
    expect(await findings('cms/src/env.ts', 'export const url = process.env.SMTP_URL\n')).toEqual([])
  })
})

describe('cms/src: modules import each other through index.ts, lower modules only', () => {
  it.each([
    // a file of another module, not its index
    ['../calendar/calendar', 'cms/src/reservations/booking.ts'],
    ['../../platform/sql', 'cms/src/reservations/endpoints/reservations.ts'],
    // a higher module
    ['../reservations', 'cms/src/catalogue/catalogue.ts'],
    ['../notifications', 'cms/src/accounts/accounts.ts'],
    // the composition root
    ['../collections', 'cms/src/calendar/calendar.ts'],
    // from outside: through the index too
    ['./src/reservations/booking', 'cms/server.ts'],
    ['../../src/calendar/calendar', 'cms/tests/int/helpers.ts'],
  ])('%s from %s is refused', async (source, from) => {
    expect(await findings(from, `export * from '${source}'\n`)).toContain('salon/cms-modules')
  })
  it.each([
    ['../calendar', 'cms/src/reservations/booking.ts'],
    ['../../platform', 'cms/src/reservations/endpoints/reservations.ts'],
    ['./calendar', 'cms/src/reservations/booking.ts'],
    ['../env', 'cms/src/calendar/calendar.ts'],
    ['./reservations', 'cms/src/collections.ts'],
    ['../../src/calendar', 'cms/tests/int/helpers.ts'],
    // the Payload-free entry cms/server.ts uses
    ['./src/platform/edge', 'cms/server.ts'],
    ['../platform/edge', 'cms/src/reservations/booking.ts'],
  ])('%s from %s is allowed', async (source, from) => {
    expect(await findings(from, `export * from '${source}'\n`)).not.toContain('salon/cms-modules')
  })
})

describe('endpoints are thin: they call services', () => {
  const file = 'cms/src/platform/endpoints/health.ts'
  it.each([
    "import type { PayloadRequest } from 'payload'\nexport const f = (req: PayloadRequest) => req.payload.find({ collection: 'users' })",
    "import type { Payload } from 'payload'\nexport const f = (payload: Payload) => payload.update({ collection: 'users', id: 1, data: {} })",
    "import type { Pool } from 'pg'\nexport const f = (db: Pool) => db.query('select 1')",
    "import pg from 'pg'\nexport const db = new pg.Pool()",
  ])('refused: %s', async (code) => {
    const rules = await findings(file, code + '\n')
    expect(rules.some((r) => r === 'no-restricted-syntax' || r === '@typescript-eslint/no-restricted-imports')).toBe(
      true,
    )
  })
  it('a type-only import of the pool handle is allowed', async () => {
    expect(await findings(file, "import type { Pool } from 'pg'\nexport type P = Pool\n")).toEqual([])
  })
})

describe('accessibility in the apps', () => {
  it('an image without alt', async () => {
    expect(await findings('web/src/lib/ui/Spinner.tsx', 'export const I = () => <img src="/a.png" />\n')).toContain(
      'jsx-a11y/alt-text',
    )
    expect(await findings('admin/src/pages/not-found.tsx', 'export const I = () => <img src="/a.png" />\n')).toContain(
      'jsx-a11y/alt-text',
    )
  })
})

describe('one format', () => {
  it('an unformatted file fails the check, a formatted one passes', async () => {
    const filepath = path.join(root, 'shared/src/constants.ts')
    const options = { ...(await prettier.resolveConfig(filepath)), filepath }
    expect(await prettier.check('export const a = {b:1,c:"x"};\n', options)).toBe(false)
    expect(await prettier.check("export const a = { b: 1, c: 'x' }\n", options)).toBe(true)
  })
})
