import { describe, expect, it } from 'vitest'
import { italianFieldErrors } from './payloadMessages'

describe('italianFieldErrors', () => {
  it("puts Payload's English field messages in Italian and names the fields", () => {
    const body = {
      errors: [
        {
          name: 'ValidationError',
          message: 'The following field is invalid: name',
          data: { errors: [{ path: 'name', message: 'Value must be unique' }] },
        },
      ],
    }
    expect(italianFieldErrors(body).errors[0]).toEqual({
      name: 'ValidationError',
      message: 'Dati non validi: name',
      data: { errors: [{ path: 'name', message: 'Esiste già un elemento con questo valore: scegline un altro.' }] },
    })
  })
  it('an address already registered reads as ours (the dashboard shows it next to E-mail)', () => {
    const body = {
      errors: [
        { data: { errors: [{ path: 'email', message: 'A user with the given email is already registered.' }] } },
      ],
    }
    expect(italianFieldErrors(body).errors[0]!.data.errors[0]!.message).toBe('Esiste già un account con questa e-mail.')
  })
  it('leaves our own messages and other bodies alone', () => {
    const ours = {
      errors: [{ message: 'x', data: { errors: [{ path: 'title', message: 'Il nome è obbligatorio' }] } }],
    }
    expect(italianFieldErrors(structuredClone(ours))).toEqual(ours)
    expect(italianFieldErrors(null)).toBeNull()
  })
})
