import type { User } from '../../lib/auth'
import { t } from '../../lib/i18n'

/** The account's data as the server knows it, read-only. */
export function UserDetails({ user }: { user: User }) {
  const rows: [string, string | null | undefined][] = [
    [t.auth.name, user.name],
    [t.auth.surname, user.surname],
    [t.auth.email, user.email],
    [t.auth.phone, user.phone_number],
  ]
  return (
    <dl className="details">
      {rows.map(([label, value]) => (
        <div key={label} className="details__row">
          <dt>{label}</dt>
          <dd>{value || <span className="muted">{t.account.notSet}</span>}</dd>
        </div>
      ))}
    </dl>
  )
}
