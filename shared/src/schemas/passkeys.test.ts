import { describe, expect, it } from 'vitest'
import { passkeyLoginBody, passkeyRegisterBody, passkeyRenameBody } from './passkeys'

const assertion = {
  id: 'AbC-_1',
  rawId: 'AbC-_1',
  type: 'public-key',
  response: { clientDataJSON: 'eyJ0', authenticatorData: 'SZYN', signature: 'MEUC', userHandle: 'dXNlcg' },
  clientExtensionResults: {},
}
const codes = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`)

describe('passkey bodies', () => {
  it('a name is trimmed, 1 to 60 characters, in the shared words', () => {
    expect(passkeyRenameBody.parse({ name: '  Telefono  ' })).toEqual({ name: 'Telefono' })
    expect(codes(passkeyRenameBody.safeParse({ name: '   ' }))).toEqual(['name: Inserisci il nome'])
    expect(codes(passkeyRenameBody.safeParse({ name: 'x'.repeat(61) }))).toEqual(['name: Al massimo 60 caratteri'])
    expect(passkeyRenameBody.safeParse({ name: 'x'.repeat(60) }).success).toBe(true)
  })

  it('a sign-in body needs the challenge and an assertion outline; the library checks the rest', () => {
    expect(passkeyLoginBody.safeParse({ challenge: 'c', response: assertion }).success).toBe(true)
    expect(codes(passkeyLoginBody.safeParse({ challenge: '', response: assertion }))).toEqual([
      'challenge: Richiesta di accesso mancante',
    ])
    const notWebAuthn = passkeyLoginBody.safeParse({ challenge: 'c', response: { ...assertion, type: 'password' } })
    expect(codes(notWebAuthn)[0]).toMatch(/^response\.type: /)
    const notBase64url = passkeyLoginBody.safeParse({ challenge: 'c', response: { ...assertion, id: 'a+b/c=' } })
    expect(codes(notBase64url)[0]).toMatch(/^response\.id: /)
    const noSignature = { ...assertion, response: { ...assertion.response, signature: undefined } }
    expect(codes(passkeyLoginBody.safeParse({ challenge: 'c', response: noSignature }))[0]).toMatch(
      /^response\.response\.signature: /,
    )
    expect(passkeyLoginBody.safeParse({ challenge: 'c', response: assertion, extra: 1 }).success).toBe(false)
  })

  it('a registration body needs an attestation object; the name is optional', () => {
    const registration = {
      ...assertion,
      response: { clientDataJSON: 'eyJ0', attestationObject: 'o2Nm', transports: ['internal'] },
    }
    expect(passkeyRegisterBody.safeParse({ response: registration }).success).toBe(true)
    expect(passkeyRegisterBody.parse({ response: registration, name: ' Mac ' }).name).toBe('Mac')
    expect(passkeyRegisterBody.safeParse({ response: assertion }).success).toBe(false)
  })
})
