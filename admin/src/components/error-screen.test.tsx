import { readFileSync } from 'node:fs'
import path from 'node:path'
import { render, screen } from '@testing-library/react'
import { MantineProvider } from '@mantine/core'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { ERROR_WORDS, ErrorScreen } from './error-screen'
import NotFound from '../pages/not-found'
import { setLocale, type Locale } from '../i18n/locale'

const inLocale = (locale: Locale, ui: React.ReactNode) => {
  setLocale(locale)
  return render(<MantineProvider>{ui}</MantineProvider>)
}

describe('<ErrorScreen> (spec §2)', () => {
  afterEach(() => setLocale('en'))

  it.each(['en', 'it'] as const)(
    'an unknown dashboard path (%s): code, status, message, the Italian apology, Torna alla home',
    (locale) => {
      inLocale(
        locale,
        <MemoryRouter initialEntries={['/no-such-screen']}>
          <NotFound />
        </MemoryRouter>,
      )
      expect(screen.getByRole('heading', { level: 1, name: '404 error' })).toBeInTheDocument()
      expect(screen.getByText('Not Found')).toBeInTheDocument()
      expect(screen.getByText('Page Not Found: /dashboard/no-such-screen')).toBeInTheDocument()
      expect(screen.getByText('Ci dispiace, la pagina che cerchi sembra non esistere.')).toBeInTheDocument()
      const home = screen.getByRole('link', { name: 'Torna alla home' })
      expect(home).toHaveAttribute('href', '/dashboard')
      expect(home.querySelector('svg')).not.toBeNull() // the home icon
    },
  )

  it('a fatal error keeps its status and message, and apologises in Italian too', () => {
    inLocale('en', <ErrorScreen statusCode={500} message="Cannot read properties of undefined" />)
    expect(screen.getByRole('heading', { name: '500 error' })).toBeInTheDocument()
    expect(screen.getByText('Internal Server Error')).toBeInTheDocument()
    expect(screen.getByText('Cannot read properties of undefined')).toBeInTheDocument()
    expect(screen.getByText(ERROR_WORDS.fatalApology)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Torna alla home' })).toHaveAttribute('href', '/dashboard')
  })

  it('speaks the public site’s words (one text in shared/src/errorScreen.ts)', () => {
    const web = readFileSync(path.resolve(__dirname, '../../../web/src/lib/i18n.ts'), 'utf8')
    expect(web).toMatch(/error: \{[^}]*\.\.\.ERROR_SCREEN_WORDS/)
    expect(ERROR_WORDS.apology).toBe('Ci dispiace, la pagina che cerchi sembra non esistere.')
  })
})
