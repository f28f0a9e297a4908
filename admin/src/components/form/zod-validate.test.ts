import { describe, expect, it } from 'vitest'
import { serviceInput } from '@salon/shared'
import { zodValidate } from './zod-validate'
import { setLocale } from '../../i18n/locale'

describe('zodValidate', () => {
  const validate = zodValidate(serviceInput)
  it('no errors for valid values', () => {
    expect(validate({ title: 'Piega', time: 30, price: 20 })).toEqual({})
  })
  it('one message per field, keyed by path, in the shared schema’s words put in English (the default)', () => {
    expect(validate({ title: '', time: 0, price: 10.555, operators: [0] })).toEqual({
      title: 'The name is required',
      time: 'At least one minute',
      price: 'At most two decimals',
      'operators.0': expect.any(String),
    })
  })
  it('in Italian, the schema’s own words', () => {
    setLocale('it')
    try {
      expect(validate({ title: '', time: 0, price: 10 })).toMatchObject({ title: 'Il nome è obbligatorio' })
    } finally {
      setLocale('en')
    }
  })
})
