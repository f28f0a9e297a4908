import { afterEach, describe, expect, it } from 'vitest'
import { env } from '../../cms/src/env'
import { jobProcessEnv, webProcessEnv } from './processes.mjs'

// Issue 20: with the default `npm start` every booking mail linked to the job process's own
// random port. The job process is started with these variables; its links must reach the web one.
const saved = { ...process.env }
afterEach(() => {
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k]
  Object.assign(process.env, saved)
})
const runAs = (vars: Record<string, string | undefined>) => {
  for (const k of ['SERVER_URL', 'PUBLIC_URL', 'SALON_WEB_URL', 'PORT']) delete process.env[k]
  for (const [k, v] of Object.entries(vars)) if (v !== undefined) process.env[k] = v
}

describe('the links of each process npm start runs', () => {
  it('the job process links to the web process, not to its own port', () => {
    runAs(jobProcessEnv({ webPort: 3000, jobPort: 45678 }))
    expect(env.port).toBe(45678)
    expect(env.linkOrigin).toBe('http://localhost:3000')
  })
  it('the web process links to itself', () => {
    runAs(webProcessEnv({ port: 3100, separateJobs: true }))
    expect(env.linkOrigin).toBe('http://localhost:3100')
  })
  it('a configured public origin wins in every process: PUBLIC_URL, then SERVER_URL', () => {
    runAs({ ...jobProcessEnv({ webPort: 3000, jobPort: 45678 }), SERVER_URL: 'https://prenota.example.it/' })
    expect(env.linkOrigin).toBe('https://prenota.example.it')
    runAs({
      ...jobProcessEnv({ webPort: 3000, jobPort: 45678 }),
      SERVER_URL: 'https://a.example',
      PUBLIC_URL: 'https://b.example',
    })
    expect(env.linkOrigin).toBe('https://b.example')
  })
})
