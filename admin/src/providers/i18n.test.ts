import { describe, expect, it } from 'vitest'
import { i18nProvider } from './i18n'

describe('i18nProvider', () => {
  it("speaks Italian for Refine's buttons and notifications, with values filled in", () => {
    expect(i18nProvider.translate('buttons.save', 'Save')).toBe('Salva')
    expect(i18nProvider.translate('notifications.editError', { statusCode: 409 }, 'x')).toBe(
      'Non è stato possibile salvare (codice 409)',
    )
  })
  it("falls back to Refine's default text, then to the key", () => {
    expect(i18nProvider.translate('pages.login.title', 'Sign in')).toBe('Sign in')
    expect(i18nProvider.translate('nothing.here', {}, 'Default')).toBe('Default')
    expect(i18nProvider.translate('nothing.here')).toBe('nothing.here')
  })
})
