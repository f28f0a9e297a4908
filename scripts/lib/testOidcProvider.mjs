/**
 * A real OpenID provider on loopback for the tests of external sign-in (panva's `oidc-provider` 9,
 * a devDependency of cms; docs/architecture.md "External sign-in"). Its development login form
 * takes any login and password: the login is the account. By default an account's claims come from
 * the login itself — `mario@example.it` is that address, verified; a login starting `unverified`
 * has `email_verified: false` — and a test may name accounts' claims outright (`accounts`).
 * Consent is granted without asking (a first-party client), so the flow is: authorize → login form
 * → back to the app's callback.
 *
 * Used in-process by cms/tests/int/external-sign-in.test.ts, and as a child process by
 * scripts/test.mjs for the e2e app (`node scripts/lib/testOidcProvider.mjs <port> <redirect_uri>…`,
 * printing "ready" once it listens).
 */
import crypto from 'node:crypto'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const cmsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'cms')

export const TEST_CLIENT = { id: 'salon-test', secret: 'salon-test-secret-not-for-production' }

/** The OIDC_* settings that point an app at the test provider (provider id `local`). */
export const testProviderEnv = (issuer, label = 'Salone Test ID') => ({
  OIDC_PROVIDERS: 'local',
  OIDC_LOCAL_ISSUER: issuer,
  OIDC_LOCAL_CLIENT_ID: TEST_CLIENT.id,
  OIDC_LOCAL_CLIENT_SECRET: TEST_CLIENT.secret,
  OIDC_LOCAL_LABEL: label,
})

/** The claims of a login with no account named by the test. */
export function claimsOfLogin(login) {
  // (sub is the login: see findAccount)
  const email = login.includes('@') ? login.toLowerCase() : `${login.toLowerCase()}@example.test`
  const local = email.split('@')[0]
  const [given = local, family = ''] = local.replace(/^unverified[-.]?/, '').split(/[.\-_]/)
  const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s)
  return {
    email,
    email_verified: !login.startsWith('unverified'),
    given_name: cap(given) || 'Cliente',
    family_name: cap(family),
    name: [cap(given), cap(family)].filter(Boolean).join(' '),
  }
}

/** http://localhost:<port>/api/auth/callback/<provider> (or 127.0.0.1): an app of this test run. */
export function isLoopbackCallback(value) {
  try {
    const url = new URL(value)
    return (
      url.protocol === 'http:' &&
      ['localhost', '127.0.0.1'].includes(url.hostname) &&
      /^\/api\/auth\/callback\/[a-z][a-z0-9_-]*$/.test(url.pathname) &&
      !url.search
    )
  } catch {
    return false
  }
}

/**
 * Starts the provider on 127.0.0.1:`port` (0 = any free port). `redirectUris`: the app callbacks
 * it accepts (none: any loopback app's `/api/auth/callback/<provider>`). `accounts`: login → claims (a Map the caller may fill later). Resolves
 * `{ issuer, port, close }`.
 */
export async function startTestProvider({ port = 0, redirectUris = [], accounts = new Map() } = {}) {
  const require = createRequire(path.join(cmsDir, 'package.json'))
  const { default: Provider } = await import(pathToFileURL(require.resolve('oidc-provider')).href)
  const http = await import('node:http')
  const server = http.createServer()
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve))
  const actualPort = server.address().port
  const issuer = `http://127.0.0.1:${actualPort}`
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT.id,
        client_secret: TEST_CLIENT.secret,
        redirect_uris: redirectUris?.length ? redirectUris : ['http://localhost/api/auth/callback/local'],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    // The e-mail and name in the ID token itself, as Google and Apple send them.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    cookies: { keys: [crypto.randomBytes(32).toString('hex')] },
    async findAccount(_ctx, id) {
      const claims = accounts.get(id) ?? claimsOfLogin(id)
      // The login is the subject: the same login is the same provider account.
      return { accountId: id, claims: async () => ({ ...claims, sub: id }) }
    },
    // A first-party client: consent is given without asking.
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId)
      if (grantId) return ctx.oidc.provider.Grant.find(grantId)
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      })
      grant.addOIDCScope('openid email profile')
      grant.addOIDCClaims(['email', 'email_verified', 'name', 'given_name', 'family_name'])
      await grant.save()
      return grant
    },
  })
  if (!redirectUris?.length) {
    // Any app of the test run on this machine (its port is chosen after the provider starts).
    const allowed = provider.Client.prototype.redirectUriAllowed
    provider.Client.prototype.redirectUriAllowed = function (value) {
      return isLoopbackCallback(value) || allowed.call(this, value)
    }
  }
  // Loopback over plain http: no proxy, no Secure cookies.
  server.on('request', provider.callback())
  const close = () => new Promise((resolve) => server.close(() => resolve()))
  return { issuer, port: actualPort, close, provider }
}

/**
 * The provider as a child process of scripts/test.mjs (for the e2e app, whose port is chosen after
 * it): its output goes to `logFile`. Resolves `{ issuer, env, stop }` once it listens.
 */
export async function startProviderProcess(logFile) {
  const { fork } = await import('node:child_process')
  const fs = await import('node:fs')
  const out = fs.openSync(logFile, 'w')
  const child = fork(fileURLToPath(import.meta.url), ['0'], { stdio: ['ignore', out, out, 'ipc'] })
  fs.closeSync(out)
  let failed = () => {}
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      failed(new Error(`test OpenID provider exited (${code ?? signal}); see ${logFile}`))
      resolve()
    }),
  )
  const issuer = await new Promise((resolve, reject) => {
    failed = reject
    child.on('message', (m) => m?.type === 'ready' && resolve(m.issuer))
  })
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
    await exited
    clearTimeout(timer)
  }
  return { issuer, env: testProviderEnv(issuer), stop }
}

// As a script: node scripts/lib/testOidcProvider.mjs [<port> [<redirect_uri>…]]
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [portArg, ...redirectUris] = process.argv.slice(2)
  const { issuer, close } = await startTestProvider({ port: Number(portArg) || 0, redirectUris })
  console.log(`ready ${issuer}`)
  process.send?.({ type: 'ready', issuer })
  const stop = () => close().then(() => process.exit(0))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}
