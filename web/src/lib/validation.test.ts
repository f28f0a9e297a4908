import { describe, expect, it } from 'vitest'
import { registerBody } from '@salon/shared/schemas/index'
import {
  checkEmail,
  checkFactorCode,
  checkNewPassword,
  checkPasswordConfirmation,
  fieldErrors,
  normalizeFactorCode,
} from './validation'

describe('form checks come from the shared schemas', () => {
  it('names each field once, with the server’s own messages', () => {
    expect(
      fieldErrors(registerBody, { name: ' ', surname: 'Rossi', email: 'x@', phone_number: '12', password: 'short' }),
    ).toEqual({
      name: 'Inserisci il tuo nome',
      email: 'Indirizzo e-mail non valido',
      phone_number: 'Numero di telefono non valido',
      password: 'La password deve avere almeno 8 caratteri',
      privacy_accepted: 'Per creare l’account conferma di aver letto l’informativa sulla privacy',
    })
    expect(
      fieldErrors(registerBody, {
        name: 'A',
        surname: 'B',
        email: 'a@b.it',
        phone_number: '+39 333 1234567',
        password: 'password1',
        privacy_accepted: true,
      }),
    ).toEqual({})
  })

  it('single fields', () => {
    expect(checkEmail('')).toBe('Inserisci la tua email')
    expect(checkEmail(' Anna@Example.it ')).toBeUndefined()
    expect(checkNewPassword('anna@example.it', 'ANNA@example.it')).toBe(
      'La password non può essere il tuo indirizzo e-mail',
    )
    expect(checkNewPassword('lunga-abbastanza', 'anna@example.it')).toBeUndefined()
    expect(checkPasswordConfirmation('a', '')).toBe('Conferma la nuova password')
    expect(checkPasswordConfirmation('a', 'b')).toBe('Le due password non coincidono')
    expect(checkFactorCode(normalizeFactorCode('123 456'))).toBeUndefined()
    expect(checkFactorCode('')).toBe('Inserisci il codice di verifica')
    expect(checkFactorCode('12')).toBe('Codice non valido')
  })
})
