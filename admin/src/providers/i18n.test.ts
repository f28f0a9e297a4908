import { afterEach, describe, expect, it, vi } from 'vitest'
import { LOCALE_STORAGE_KEY } from '../i18n/locale'

/** A browser's localStorage for the unit project (Node has none). */
class MemoryStorage {
  private items = new Map<string, string>()
  getItem = (key: string) => this.items.get(key) ?? null
  setItem = (key: string, value: string) => void this.items.set(key, String(value))
  removeItem = (key: string) => void this.items.delete(key)
}

/**
 * The provider as a fresh page load sees it, with `storage` as this browser's localStorage: the
 * stored language's dictionary fetched before the first render, as main.tsx does.
 */
async function pageLoad(storage: MemoryStorage, languages: string[] = ['en-US', 'en']) {
  vi.resetModules()
  vi.stubGlobal('localStorage', storage)
  vi.stubGlobal('navigator', { languages, language: languages[0] })
  const { i18nProvider } = await import('./i18n')
  const { loadDictionary } = await import('../i18n/translate')
  const { getLocale } = await import('../i18n/locale')
  await loadDictionary(getLocale())
  return i18nProvider
}

afterEach(() => vi.unstubAllGlobals())

describe('i18nProvider', () => {
  it('speaks English by default', async () => {
    const i18n = await pageLoad(new MemoryStorage())
    expect(i18n.getLocale()).toBe('en')
    expect(i18n.translate('buttons.save', 'Save')).toBe('Save')
    expect(i18n.translate('header.logout')).toBe('Log out')
  })

  it('switches to Italian, and a reload remembers it', async () => {
    const storage = new MemoryStorage()
    const i18n = await pageLoad(storage)
    await i18n.changeLocale('it')
    expect(i18n.getLocale()).toBe('it')
    expect(i18n.translate('buttons.save', 'Save')).toBe('Salva')
    expect(storage.getItem(LOCALE_STORAGE_KEY)).toBe('it')

    const reloaded = await pageLoad(storage)
    expect(reloaded.getLocale()).toBe('it')
    expect(reloaded.translate('header.logout')).toBe('Esci')
    await reloaded.changeLocale('en')
    expect((await pageLoad(storage)).getLocale()).toBe('en')
  })

  it('follows the browser: Italian for an Italian browser, English for any other', async () => {
    expect((await pageLoad(new MemoryStorage(), ['it-IT', 'it', 'en'])).getLocale()).toBe('it')
    expect((await pageLoad(new MemoryStorage(), ['it'])).translate('header.logout')).toBe('Esci')
    expect((await pageLoad(new MemoryStorage(), ['de-DE', 'it-CH'])).getLocale()).toBe('it')
    expect((await pageLoad(new MemoryStorage(), ['en-US', 'it-IT'])).getLocale()).toBe('en')
    expect((await pageLoad(new MemoryStorage(), ['fr-FR', 'de'])).getLocale()).toBe('en')
    expect((await pageLoad(new MemoryStorage(), [])).getLocale()).toBe('en')
    // Not remembered until chosen: the browser's language is asked again at each load.
    const storage = new MemoryStorage()
    await pageLoad(storage, ['it-IT'])
    expect(storage.getItem(LOCALE_STORAGE_KEY)).toBeNull()
  })

  it('a remembered choice wins over the browser’s language, both ways', async () => {
    const storage = new MemoryStorage()
    const italianBrowser = await pageLoad(storage, ['it-IT'])
    await italianBrowser.changeLocale('en')
    expect((await pageLoad(storage, ['it-IT'])).getLocale()).toBe('en')

    const other = new MemoryStorage()
    const englishBrowser = await pageLoad(other, ['en-GB'])
    await englishBrowser.changeLocale('it')
    expect((await pageLoad(other, ['en-GB'])).getLocale()).toBe('it')
  })

  it('ignores an unknown language, stored or asked for', async () => {
    const storage = new MemoryStorage()
    storage.setItem(LOCALE_STORAGE_KEY, 'fr')
    const i18n = await pageLoad(storage)
    expect(i18n.getLocale()).toBe('en')
    await i18n.changeLocale('fr')
    expect(i18n.getLocale()).toBe('en')
  })

  it("has the shell's words at once and the other screens' after loadScreenWords (issue 28)", async () => {
    const i18n = await pageLoad(new MemoryStorage())
    expect(i18n.translate('header.logout')).toBe('Log out')
    expect(i18n.translate('table.page', { page: 3 })).toBe('table.page')
    const { loadScreenWords } = await import('../i18n/translate')
    await loadScreenWords()
    expect(i18n.translate('table.page', { page: 3 })).toBe('Page 3')
    expect(i18n.translate('header.logout')).toBe('Log out')
  })

  it('fills in {{values}} in both languages', async () => {
    const i18n = await pageLoad(new MemoryStorage())
    await (await import('../i18n/translate')).loadScreenWords()
    expect(i18n.translate('notifications.editError', { statusCode: 409 }, 'x')).toBe('Could not save (code 409)')
    expect(i18n.translate('table.page', { page: 3 })).toBe('Page 3')
    await i18n.changeLocale('it')
    expect(i18n.translate('notifications.editError', { statusCode: 409 }, 'x')).toBe(
      'Non è stato possibile salvare (codice 409)',
    )
    expect(i18n.translate('time.remove', { n: 2, day: 'Lunedì' })).toBe('Togli l’orario 2 di Lunedì')
  })

  it("falls back to Refine's default text (values filled in), then to the key", async () => {
    const i18n = await pageLoad(new MemoryStorage())
    expect(i18n.translate('pages.login.title', 'Sign in')).toBe('Sign in')
    expect(i18n.translate('nothing.here', {}, 'Default')).toBe('Default')
    expect(i18n.translate('nothing.here', { n: 2 }, '{{n}} left')).toBe('2 left')
    expect(i18n.translate('nothing.here')).toBe('nothing.here')
  })

  it('works without any storage (private mode): English, switch for this page only', async () => {
    vi.resetModules()
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('denied')
      },
    })
    const { i18nProvider } = await import('./i18n')
    expect(i18nProvider.getLocale()).toBe('en')
    await i18nProvider.changeLocale('it')
    expect(i18nProvider.getLocale()).toBe('it')
  })
})
