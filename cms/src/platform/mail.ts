import fs from 'node:fs'
import path from 'node:path'
import nodemailer, { type Transporter } from 'nodemailer'
import type { EmailAdapter } from 'payload'
import { env } from '../env'

/**
 * E-mail through nodemailer: SMTP when `SMTP_URL` is set (e.g. `smtps://user:pass@smtp.example.it:465`),
 * otherwise every message is written to `$DATA_DIR/mail/*.eml` and its path logged, so a person
 * trying the demo can open the mail and follow its link.
 */
export function mailFrom() {
  return env.mailFrom
}

function fileTransport(dir: string, log: (msg: string) => void): Transporter {
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  const send = stream.sendMail.bind(stream)
  // Same API as any transporter; the message is also kept on disk.
  stream.sendMail = (async (mail: nodemailer.SendMailOptions) => {
    const info = await send(mail)
    fs.mkdirSync(dir, { recursive: true })
    const to = String(Array.isArray(mail.to) ? mail.to[0] : (mail.to ?? 'unknown')).replace(/[^a-z0-9@._-]/gi, '_')
    const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${to}.eml`)
    fs.writeFileSync(file, info.message as Buffer)
    log(`E-mail to ${to} written to ${file}`)
    return { ...info, file }
  }) as Transporter['sendMail']
  return stream as unknown as Transporter
}

let transport: Transporter | null = null

/** `SMTP_URL` with nodemailer's connection pool on, unless the URL says otherwise (`?pool=false`). */
function pooled(url: string) {
  const u = new URL(url)
  if (!u.searchParams.has('pool')) u.searchParams.set('pool', 'true')
  if (!u.searchParams.has('maxConnections')) u.searchParams.set('maxConnections', '3')
  return u.toString()
}

/** A pooled connection the server drops is logged; each send still fails or succeeds on its own
 * (the queue retries). Without a listener an 'error' event would end the process. */
function withErrorLog(t: Transporter, log: (msg: string) => void): Transporter {
  t.on('error', (err) => log(`SMTP: ${err.message}`))
  return t
}

export const mailer = (log: (msg: string) => void = console.log): Transporter => {
  transport ??= env.smtpUrl
    ? // Pooled: a burst of mails (reminders falling due together) reuses a few open SMTP
      // connections instead of a handshake per mail (docs/benchmarks.md "notification queue").
      withErrorLog(nodemailer.createTransport(pooled(env.smtpUrl)), log)
    : fileTransport(path.join(env.dataDir, 'mail'), log)
  return transport
}

export const emailAdapter: EmailAdapter = ({ payload }) => {
  const from = mailFrom()
  const match = /^(.*?)\s*<([^>]+)>$/.exec(from)
  return {
    name: 'salon-nodemailer',
    defaultFromName: match?.[1] || 'Salone',
    defaultFromAddress: match?.[2] || from,
    sendEmail: async (message) =>
      mailer((m) => payload.logger.info(m)).sendMail({ from, ...message } as nodemailer.SendMailOptions),
  }
}
