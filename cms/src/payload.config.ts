import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { postgresAdapter } from '@payloadcms/db-postgres'
import { buildConfig } from 'payload'
import sharp from 'sharp'
import { bootstrap } from './bootstrap'
import { collections } from './collections'
import { authEndpoints } from './accounts'
import { health, emailAdapter, mapErrors, observedClient, smsStatusEndpoint } from './platform'
import { dashboardIndexEndpoint, homePageEndpoint, withHomeDirtyHooks } from './content'
import { operatorBlockEndpoints, rotaConflictEndpoints, takingsEndpoints } from './reservations'
import { rotaEndpoints } from './rota'
import { backupStatusEndpoint } from './backups'
import { privacyEndpoints } from './privacy'
import { attendanceEndpoints } from './attendance'
import { waitlistEndpoints } from './waitlist'
import { env } from './env'

const dirname = path.dirname(fileURLToPath(import.meta.url))

/** The adapter's pool settings (its own copy of pg's types). */
type AdapterPool = NonNullable<Parameters<typeof postgresAdapter>[0]['pool']>

/**
 * Our own 4xx errors (platform/errors.ts HttpError): a refusal the caller caused is the caller's
 * business (its answer says why), not the server's — logged at `debug`, which the default `info`
 * level skips before formatting. Under a burst of confirms onto one time, 19 of 20 are refused
 * with SLOT_TAKEN: a pretty-printed line each cost ~0.3 ms of CPU (the A/B of issue 21, benchmarks.md).
 */
const ourRefusals: Record<string, 'debug'> = { HttpClientError: 'debug' }

export default buildConfig({
  serverURL: env.serverUrl,
  secret: env.secret,
  admin: { user: 'users' },
  // The server-rendered home is refreshed when what it shows changes (content/homeHtml.ts).
  collections: withHomeDirtyHooks(collections),
  endpoints: [
    health,
    ...authEndpoints,
    ...privacyEndpoints,
    ...attendanceEndpoints,
    ...waitlistEndpoints,
    homePageEndpoint,
    dashboardIndexEndpoint,
    ...operatorBlockEndpoints,
    ...rotaEndpoints,
    ...rotaConflictEndpoints,
    ...takingsEndpoints,
    backupStatusEndpoint,
    smsStatusEndpoint,
  ],
  hooks: { afterError: [mapErrors] },
  // Refusals a caller caused are information, not errors (Payload's defaults cover its own 4xx).
  loggingLevels: { AuthenticationError: 'info', ...ourRefusals },
  graphQL: { disable: true },
  telemetry: false,
  cors: [],
  csrf: [env.serverUrl],
  defaultDepth: 0,
  maxDepth: 3,
  db: postgresAdapter({
    // The process's one pool: Payload's, published for the availability fast path (platform/sql.ts).
    pool: {
      connectionString: env.databaseUrl,
      max: env.poolMax,
      application_name: env.applicationName,
      // The wait for a free connection (pool busy); opening one gives up sooner, and a lost
      // database is noted for the 503s of platform/databaseHealth.ts.
      connectionTimeoutMillis: env.poolWaitMs,
      Client: observedClient(env.connectTimeoutMs) as unknown as AdapterPool['Client'],
      // A peer that vanished without closing (network, host) is noticed on idle connections too.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    },
    migrationDir: path.resolve(dirname, 'migrations'),
    // Migrations only, in every environment: never push a schema diff.
    push: false,
  }),
  sharp,
  email: emailAdapter,
  // Images only, 10 MB at most (content-checked against the upload collection's MIME types).
  upload: { limits: { fileSize: 10 * 1024 * 1024 } },
  typescript: { outputFile: path.resolve(dirname, 'payload-types.ts') },
  onInit: bootstrap,
})
