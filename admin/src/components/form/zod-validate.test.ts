import { describe, expect, it } from 'vitest'
import { serviceInput } from '@salon/shared'
import { zodValidate } from './zod-validate'

describe('zodValidate', () => {
  const validate = zodValidate(serviceInput)
  it('no errors for valid values', () => {
    expect(validate({ title: 'Piega', time: 30, price: 20 })).toEqual({})
  })
  it('one message per field, keyed by path, in the shared schema’s words', () => {
    expect(validate({ title: '', time: 0, price: 10.555, operators: [0] })).toEqual({
      title: 'Il nome è obbligatorio',
      time: 'Almeno un minuto',
      price: 'Al massimo due decimali',
      'operators.0': expect.any(String),
    })
  })
})
