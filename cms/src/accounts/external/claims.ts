import type { ProviderConfig } from './providers'

/** What external sign-in reads from a provider's ID token (pure: accounts.ts decides with it). */
export interface ProviderClaims {
  sub: string
  email?: unknown
  email_verified?: unknown
  name?: unknown
  given_name?: unknown
  family_name?: unknown
}

/** Apple sends the name once, in the first answer's `user` form field, never in the ID token. */
export interface AppleUser {
  name?: { firstName?: unknown; lastName?: unknown }
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '')

/** The e-mail the provider vouches for, lower-cased, or null. Apple's addresses are verified by Apple. */
export function verifiedEmail(provider: Pick<ProviderConfig, 'id'>, claims: ProviderClaims): string | null {
  const email = text(claims.email).toLowerCase()
  if (!email || email.length > 254 || !email.includes('@')) return null
  const verified = claims.email_verified === true || claims.email_verified === 'true'
  const apple = provider.id === 'apple' && claims.email_verified !== false && claims.email_verified !== 'false'
  return verified || apple ? email : null
}

/** Name and surname for a new account: the claims, Apple's first answer, else the e-mail's name. */
export function namesFrom(claims: ProviderClaims, email: string, apple?: AppleUser | null) {
  let name = text(apple?.name?.firstName) || text(claims.given_name)
  let surname = text(apple?.name?.lastName) || text(claims.family_name)
  if (!name) {
    const [first = '', ...rest] = text(claims.name).split(/\s+/)
    name = first
    surname ||= rest.join(' ')
  }
  if (!name) name = email.split('@')[0] ?? 'Cliente'
  return { name: name.slice(0, 100), surname: surname.slice(0, 100) || null }
}
