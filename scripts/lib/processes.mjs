// What `npm start` (scripts/start.mjs) tells each of its app processes, on top of the shared
// settings. Kept apart so that a test can start a process exactly as `npm start` does.

/**
 * The origin a person's browser reaches the web process at when nothing is configured: every link
 * in a mail, a calendar file or a feed starts with it (cms/src/env.ts `linkOrigin`). SERVER_URL or
 * PUBLIC_URL, when set, win over it.
 */
export const webUrlOf = (port) => `http://localhost:${port}`

/** The web process: serves every request on `port`; with a job process beside it, it only enqueues. */
export function webProcessEnv({ port, separateJobs, ownedPgPid = '' }) {
  return {
    PORT: String(port),
    SALON_OWNED_PG_PID: ownedPgPid,
    SALON_WEB_URL: webUrlOf(port),
    ...(separateJobs ? { JOB_WORKER: 'off' } : {}),
  }
}

/**
 * The job process: the same server on 127.0.0.1 and a port of its own that nobody visits. Its
 * mails must link to the web process (`SALON_WEB_URL`), never to its own address.
 */
export function jobProcessEnv({ webPort, jobPort }) {
  return { PORT: String(jobPort), HOST: '127.0.0.1', JOB_WORKER: 'on', SALON_WEB_URL: webUrlOf(webPort) }
}
