// A real SMTP server for the tests (the `smtp-server` package): the app sends through nodemailer
// over SMTP, every message received is written to `dir` as an .eml for the tests to read.
// An address with `+smtpfail<N>` in it is refused with a temporary error (451) the first N times
// it is given as a recipient: "the mail server is down", for the queue's retries. An address with
// `+smtpslow<ms>` is accepted only after that many milliseconds: a send still in progress.
import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

export async function startSmtp(dir) {
  const { SMTPServer } = require('smtp-server')
  fs.mkdirSync(dir, { recursive: true })
  let n = 0
  const refusals = new Map()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, session, callback) {
      const fail = /\+smtpfail(\d+)@/i.exec(address.address)
      if (fail) {
        const seen = (refusals.get(address.address) ?? 0) + 1
        refusals.set(address.address, seen)
        if (seen <= Number(fail[1])) {
          const err = new Error('Mailbox temporarily unavailable (test)')
          err.responseCode = 451
          return callback(err)
        }
      }
      callback()
    },
    onData(stream, session, callback) {
      const chunks = []
      stream.on('data', (c) => chunks.push(c))
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',')
        const slow = Number(/\+smtpslow(\d+)@/i.exec(to)?.[1] ?? 0)
        setTimeout(() => {
          fs.writeFileSync(
            path.join(dir, `${Date.now()}-${++n}-${to.replace(/[^a-z0-9@._-]/gi, '_')}.eml`),
            Buffer.concat(chunks),
          )
          callback()
        }, slow)
      })
    },
  })
  // A client that vanishes mid-conversation (a test SIGKILLs an app process holding a pooled
  // connection) is an ECONNRESET on the server: ordinary, never a reason to crash the test run.
  server.on('error', () => {})
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address()
  return { port, url: `smtp://127.0.0.1:${port}`, stop: () => new Promise((r) => server.close(r)) }
}

/**
 * The same server in a child process at nice 10, for the benchmarks: it stands for the mail
 * provider's machine, so receiving mail must not share the load generator's event loop (a mail
 * written to disk there would be counted as the app's latency) nor outrank the app for a core.
 */
export async function startSmtpProcess(dir) {
  const { fork } = await import('node:child_process')
  const os = await import('node:os')
  const child = fork(new URL(import.meta.url).pathname, ['--serve', dir], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  os.setPriority(child.pid, 10)
  const { port } = await new Promise((resolve, reject) => {
    child.once('message', resolve)
    child.once('exit', (code) => reject(new Error(`SMTP process exited ${code}`)))
  })
  child.removeAllListeners('exit')
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

if (process.argv[2] === '--serve' && process.send) {
  const server = await startSmtp(process.argv[3])
  process.send({ port: server.port })
  process.on('SIGTERM', () => server.stop().then(() => process.exit(0)))
  process.on('disconnect', () => process.exit(0))
}
