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
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    }
  },
}

export const salonPlugin = { meta: { name: 'salon' }, rules: { 'web-layers': webLayers } }
