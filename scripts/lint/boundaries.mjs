// House rules that no stock ESLint rule can state: which folder may import which.
// Imports are compared as resolved folders, so `../account/api` and `../../features/account`
// are the same import; package imports are left to `no-restricted-imports`.
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../..')
const rel = (file) => path.relative(root, file).split(path.sep).join('/')

/** The layer of a file of the public site: app, lib, or `feature:<name>`; null outside web/src. */
function webLayer(file) {
  const m = /^web\/src\/(app|lib|features\/([^/]+))(\/|$)/.exec(rel(file))
  if (!m) return null
  return m[2] ? `feature:${m[2]}` : m[1]
}

/** Who may import whom inside web/src: app → features → lib, one way; no feature imports another. */
function webViolation(from, to) {
  if (!from || !to || from === to) return null
  if (from === 'app') return null
  if (to === 'app')
    return `${from === 'lib' ? 'web/src/lib' : 'a feature'} must not import web/src/app (imports go app → features → lib)`
  if (from === 'lib' && to.startsWith('feature:'))
    return `web/src/lib must not import a feature (${to.slice(8)}): move the shared part into lib`
  if (from.startsWith('feature:') && to.startsWith('feature:'))
    return `feature "${from.slice(8)}" must not import feature "${to.slice(8)}": move what both need into web/src/lib, or compose them in web/src/app`
  return null
}

/** The AST visitors that hand every import and re-export source of a file to `check(node, source)`. */
const importVisitors = (check) => ({
  ImportDeclaration: (node) => check(node.source, node.source.value),
  ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
  ExportAllDeclaration: (node) => check(node.source, node.source.value),
  ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
})

const webLayers = {
  meta: {
    type: 'problem',
    docs: { description: 'web/src: app → features → lib, and features never import each other' },
    schema: [],
  },
  create(context) {
    const file = context.filename
    const from = webLayer(file)
    if (!from) return {}
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return
      const message = webViolation(from, webLayer(path.resolve(path.dirname(file), source)))
      if (message) context.report({ node, message })
    }
    return importVisitors(check)
  },
}

export const salonPlugin = { meta: { name: 'salon' }, rules: { 'web-layers': webLayers } }

// ── The server's modules (cms/src/<module>/) ──────────────────────────────────────────────────
/**
 * The modules of cms/src, lowest first: a module may import only modules before it in this list,
 * and only through their `index.ts`. Files outside every module (the composition root:
 * payload.config.ts, bootstrap.ts, collections.ts, seed/, app/, and cms/server.ts, the tests and
 * scripts) may import any module, also only through its `index.ts` — or its `edge.ts`, the
 * Payload-free entry cms/server.ts uses (platform/edge.ts). docs/architecture.md draws it.
 */
export const CMS_MODULES = [
  'platform',
  'calendar',
  'catalogue',
  'rota',
  'accounts',
  'clients',
  'reservations',
  'attendance',
  'content',
  'notifications',
  'waitlist',
  'privacy',
  'backups',
]
/** What a module may import from the root besides the modules: the settings and the generated types. */
const ROOT_LEAVES = new Set(['cms/src/env', 'cms/src/payload-types'])

/** `{ module, inner }` of a path under cms/src (inner: the path inside the module), or `{ root }`. */
function cmsPlace(relPath) {
  const noExt = relPath.replace(/\.(ts|tsx|mts|js|mjs)$/, '')
  const m = /^cms\/src\/([^/]+)(?:\/(.*))?$/.exec(noExt)
  if (!m) return null
  if (CMS_MODULES.includes(m[1])) return { module: m[1], inner: m[2] ?? 'index' }
  return { root: noExt }
}

/** Why an import from file `from` (repo-relative) of `to` (repo-relative, resolved) breaks the modules' rules, or null. */
export function cmsModuleViolation(from, to) {
  const target = cmsPlace(to)
  if (!target) return null
  const source = cmsPlace(from)
  if (source?.module && source.module === target.module) return null
  if (target.root) {
    if (!source?.module || ROOT_LEAVES.has(target.root)) return null
    return `module "${source.module}" must not import ${target.root} (the composition root imports modules, not the reverse)`
  }
  // `edge.ts`: the module's Payload-free entry, for cms/server.ts's fast path (platform/edge.ts).
  if (target.inner !== 'index' && target.inner !== 'edge')
    return `import module "${target.module}" through its index (cms/src/${target.module}), not its file ${target.inner}`
  if (source?.module && CMS_MODULES.indexOf(target.module) > CMS_MODULES.indexOf(source.module))
    return `module "${source.module}" must not import module "${target.module}": imports go ${CMS_MODULES.join(' → ')
      .split(' → ')
      .reverse()
      .join(' → ')} (move what both need lower, or compose them in the root)`
  return null
}

const cmsModules = {
  meta: {
    type: 'problem',
    docs: { description: 'cms/src: modules import each other only through index.ts, lower modules only' },
    schema: [],
  },
  create(context) {
    const file = rel(context.filename)
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return
      const to = rel(path.resolve(path.dirname(context.filename), source))
      const message = cmsModuleViolation(file, to)
      if (message) context.report({ node, message })
    }
    return importVisitors(check)
  },
}

salonPlugin.rules['cms-modules'] = cmsModules
