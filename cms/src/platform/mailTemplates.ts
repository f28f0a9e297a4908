/** Italian e-mails, HTML and text. Short and warm, like the salon. */

/** Text as HTML text or attribute value: `<script>` in a name stays text. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
const escape = escapeHtml

/** A subject is one header line: no line breaks (a name with one must not add headers), no runs of spaces. */
export const subjectLine = (s: string) =>
  s
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim()

/** A line of a details box or of the footer: a value, optionally a link (tel:, mailto:, https:). */
export interface MailLine {
  /** Shown before the value ("Quando"); none for a plain line. */
  label?: string
  /** Several lines allowed (`\n`). */
  value: string
  href?: string
}

export interface MailExtras {
  /** The facts box after the paragraphs (date, services, price…). */
  details?: MailLine[]
  /** Small print at the end (the salon's address and phone). */
  footer?: MailLine[]
}

const SAFE_HREF = /^(https?:|mailto:|tel:)/i
const htmlValue = (line: MailLine) => {
  const text = escape(line.value).replace(/\n/g, '<br>')
  return line.href && SAFE_HREF.test(line.href)
    ? `<a href="${escape(line.href)}" style="color:#2f9e44">${text}</a>`
    : text
}
const textLine = (line: MailLine) => `${line.label ? `${line.label}: ` : ''}${line.value}`

/**
 * The one layout of every e-mail: the brand, a title, paragraphs, an optional facts box, an
 * optional button (with its address written out for mail apps that hide buttons), an optional
 * footer. No images, so it reads the same with them blocked. The text part says the same.
 */
export function layout(
  brand: string,
  title: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  extras: MailExtras = {},
) {
  const { details = [], footer = [] } = extras
  const html = `<!doctype html><html lang="it"><body style="margin:0;background:#f4f7f5;font-family:Helvetica,Arial,sans-serif;color:#1f2a24">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="100%" style="max-width:520px;background:#fff;border-radius:12px;padding:28px">
<tr><td style="font-size:14px;color:#2f9e44;font-weight:700">${escape(brand)}</td></tr>
<tr><td style="font-size:22px;font-weight:700;padding:12px 0">${escape(title)}</td></tr>
${paragraphs.map((p) => `<tr><td style="font-size:15px;line-height:1.5;padding:4px 0">${escape(p)}</td></tr>`).join('\n')}
${
  details.length
    ? `<tr><td style="padding:12px 0"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f7f5;border-radius:8px;padding:12px 16px">
${details
  .map(
    (d) =>
      `<tr><td style="font-size:13px;color:#5c6b62;padding:4px 12px 4px 0;vertical-align:top;white-space:nowrap">${escape(d.label ?? '')}</td><td style="font-size:15px;line-height:1.4;padding:4px 0">${htmlValue(d)}</td></tr>`,
  )
  .join('\n')}
</table></td></tr>`
    : ''
}
${
  action
    ? `<tr><td style="padding:20px 0"><a href="${escape(action.url)}" style="background:#2f9e44;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:700;display:inline-block">${escape(action.label)}</a></td></tr>
<tr><td style="font-size:12px;color:#5c6b62">Se il pulsante non funziona, copia questo indirizzo nel browser:<br>${escape(action.url)}</td></tr>`
    : ''
}
${footer.map((f) => `<tr><td style="font-size:13px;color:#5c6b62;padding:2px 0">${f.label ? `${escape(f.label)}: ` : ''}${htmlValue(f)}</td></tr>`).join('\n')}
</table></td></tr></table></body></html>`
  const text = [
    brand,
    '',
    title,
    '',
    ...paragraphs,
    ...(details.length ? ['', ...details.map(textLine)] : []),
    ...(action ? ['', `${action.label}: ${action.url}`] : []),
    ...(footer.length ? ['', ...footer.map(textLine)] : []),
    '',
  ].join('\n')
  return { html, text }
}

export function passwordRecoveryMail(brand: string, name: string, url: string) {
  return {
    subject: `${brand} — reimposta la password`,
    ...layout(
      brand,
      'Reimposta la tua password',
      [
        `Ciao ${name},`,
        'abbiamo ricevuto una richiesta per reimpostare la password del tuo account. Il link vale 60 minuti e si può usare una sola volta.',
        'Se non sei stato tu, ignora questa e-mail: la tua password resta quella di prima.',
      ],
      { label: 'Scegli una nuova password', url },
    ),
  }
}

export function invitationMail(brand: string, name: string, invitedBy: string, url: string, days: number) {
  return {
    subject: `${brand} — il tuo account è pronto`,
    ...layout(
      brand,
      'Benvenuta, benvenuto!',
      [
        `Ciao ${name},`,
        `${invitedBy} ti ha creato un account su ${brand}: da lì puoi prenotare e vedere i tuoi appuntamenti.`,
        `Per entrare scegli la tua password. Il link vale ${days} giorni e si può usare una sola volta; se scade, chiedi al salone di mandarne un altro.`,
      ],
      { label: 'Scegli la password', url },
    ),
  }
}

export function passwordChangedMail(brand: string, name: string, loginUrl: string) {
  return {
    subject: `${brand} — la tua password è stata cambiata`,
    ...layout(
      brand,
      'Password cambiata',
      [
        `Ciao ${name},`,
        'la password del tuo account è appena stata cambiata e tutti gli accessi precedenti sono stati chiusi.',
        'Se non sei stato tu, reimposta subito la password e contatta il salone.',
      ],
      { label: 'Accedi', url: loginUrl },
    ),
  }
}

/** To the old address after a change: the account now answers to `newEmail`. */
export function emailChangedMail(brand: string, name: string, newEmail: string, loginUrl: string) {
  return {
    subject: `${brand} — il tuo indirizzo e-mail è stato cambiato`,
    ...layout(
      brand,
      'Indirizzo e-mail cambiato',
      [
        `Ciao ${name},`,
        `l’indirizzo e-mail del tuo account è appena stato cambiato in ${newEmail}. Da ora le nostre e-mail arriveranno lì.`,
        'Se non sei stato tu, contatta subito il salone.',
      ],
      { label: 'Accedi', url: loginUrl },
    ),
  }
}

export function confirmEmailMail(brand: string, name: string, url: string) {
  return {
    subject: `${brand} — conferma il tuo indirizzo e-mail`,
    ...layout(
      brand,
      'Benvenuto!',
      [
        `Ciao ${name},`,
        'grazie per esserti registrato. Conferma il tuo indirizzo e-mail per ricevere i promemoria delle tue prenotazioni. Il link vale 7 giorni.',
      ],
      { label: 'Conferma l’indirizzo', url },
    ),
  }
}
