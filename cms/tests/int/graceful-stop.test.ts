/**
 * SIGTERM stops an app process gracefully: it takes no new connection, answers the request in
 * flight (here a confirm whose body is still arriving), and exits within 10 s.
 */
import net from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { startApp, type AppProcess } from './helpers'

let app: AppProcess | null = null
afterAll(async () => {
  await app?.stop()
})

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('graceful stop', () => {
  it('a request in flight at SIGTERM still gets its answer; the process exits within 10 s', async () => {
    app = await startApp('graceful-stop')
    const exited = new Promise<number>((resolve) => app!.child.once('exit', () => resolve(Date.now())))

    // A confirm whose body is only half sent when the signal comes.
    const body = JSON.stringify({ id: 1, services: [1], operator: 'any', date_start: '2030-01-01T09:00:00.000Z' })
    const socket = net.connect(app.port, '127.0.0.1')
    let answer = ''
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')))
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
    socket.on('error', () => {})
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
    socket.write(
      `POST /api/reservations/confirm HTTP/1.1\r\nHost: 127.0.0.1:${app.port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    )
    await sleep(300)
    const signalled = Date.now()
    app.child.kill('SIGTERM')
    await sleep(500)

    // No new connections once stopping.
    const refused = await new Promise<boolean>((resolve) => {
      const other = net.connect(app!.port, '127.0.0.1')
      other.once('connect', () => {
        other.destroy()
        resolve(false)
      })
      other.once('error', () => resolve(true))
    })
    expect(refused, 'a new connection after SIGTERM').toBe(true)

    socket.write(body.slice(10))
    await Promise.race([closed, sleep(8000)])
    socket.destroy()
    // A visitor's confirm: refused as such (401), answered in full, and the connection then closed.
    expect(answer.split('\r\n')[0], answer).toBe('HTTP/1.1 401 Unauthorized')
    expect(answer.toLowerCase()).toContain('connection: close')
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)).errors[0].data.code).toBe('UNAUTHORIZED')

    const exitedAt = await Promise.race([exited, sleep(12_000).then(() => 0)])
    expect(exitedAt, 'the process exited').toBeGreaterThan(0)
    expect(exitedAt - signalled).toBeLessThan(10_000)
    expect(app.child.exitCode).toBe(0)
  }, 60_000)
})
