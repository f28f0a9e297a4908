import path from 'node:path'

/**
 * Runtime settings, read from the environment once. Development defaults are safe only for the
 * demo: `assertProductionSecrets` refuses to run outside demo mode with a default secret.
 */
export const DEV_SECRET = 'dev-only-insecure-secret-do-not-use-in-production'

/** Demo mode: set by `npm start` when it runs the embedded PostgreSQL outside production. */
export const isDemo = () => process.env.SALON_DEMO === 'true'

export const env = {
  get databaseUrl() {
    return process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/salon'
  },
  get secret() {
    return process.env.PAYLOAD_SECRET || DEV_SECRET
  },
  get port() {
    return Number(process.env.PORT || 3000)
  },
  get serverUrl() {
    return (process.env.SERVER_URL || `http://localhost:${this.port}`).replace(/\/$/, '')
  },
  get dataDir() {
    return path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR || path.join(process.cwd(), '.data'))
  },
  get uploadDir() {
    return path.resolve(/*turbopackIgnore: true*/ process.env.UPLOAD_DIR || path.join(this.dataDir, 'uploads'))
  },
  get secureCookies() {
    return this.serverUrl.startsWith('https://')
  },
}

export function assertProductionSecrets() {
  if (isDemo()) return
  const secret = process.env.PAYLOAD_SECRET
  if (!secret || secret === DEV_SECRET || secret.length < 32) {
    throw new Error(
      'PAYLOAD_SECRET is missing, default or shorter than 32 characters: refusing to start outside demo mode. ' +
        'Generate one with `openssl rand -hex 32`.',
    )
  }
}
