/** Italian e-mails, HTML and text. Short and warm, like the salon. */
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function layout(brand: string, title: string, paragraphs: string[], action?: { label: string; url: string }) {
  const html = `<!doctype html><html lang="it"><body style="margin:0;background:#f4f7f5;font-family:Helvetica,Arial,sans-serif;color:#1f2a24">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="100%" style="max-width:520px;background:#fff;border-radius:12px;padding:28px">
<tr><td style="font-size:14px;color:#2f9e44;font-weight:700">${escape(brand)}</td></tr>
<tr><td style="font-size:22px;font-weight:700;padding:12px 0">${escape(title)}</td></tr>
${paragraphs.map((p) => `<tr><td style="font-size:15px;line-height:1.5;padding:4px 0">${escape(p)}</td></tr>`).join('\n')}
${
  action
    ? `<tr><td style="padding:20px 0"><a href="${escape(action.url)}" style="background:#2f9e44;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:700;display:inline-block">${escape(action.label)}</a></td></tr>
<tr><td style="font-size:12px;color:#5c6b62">Se il pulsante non funziona, copia questo indirizzo nel browser:<br>${escape(action.url)}</td></tr>`
    : ''
}
</table></td></tr></table></body></html>`
  const text = [
    brand,
    '',
    title,
    '',
    ...paragraphs,
    ...(action ? ['', `${action.label}: ${action.url}`] : []),
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
