import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MantineProvider } from '@mantine/core'
import { Refine } from '@refinedev/core'
import { LanguageSwitch } from './header'
import { i18nProvider } from '../../providers/i18n'
import { LOCALE_STORAGE_KEY, setLocale } from '../../i18n/locale'
import { useT } from '../../i18n/use-t'

function Probe() {
  const t = useT()
  return <p data-testid="probe">{t('header.logout')}</p>
}

function renderSwitch() {
  return render(
    <MantineProvider>
      <Refine i18nProvider={i18nProvider} options={{ disableTelemetry: true }}>
        <LanguageSwitch />
        <Probe />
      </Refine>
    </MantineProvider>,
  )
}

describe('LanguageSwitch', () => {
  it('starts in English and switches the whole dashboard to Italian with one click, remembered', async () => {
    localStorage.removeItem(LOCALE_STORAGE_KEY)
    setLocale('en')
    renderSwitch()
    expect(screen.getByTestId('probe')).toHaveTextContent('Log out')
    expect(document.documentElement.lang).toBe('en')
    expect(screen.getByRole('radiogroup', { name: 'Language' })).toBeInTheDocument()

    await userEvent.click(screen.getByText('IT'))
    expect(screen.getByTestId('probe')).toHaveTextContent('Esci')
    expect(document.documentElement.lang).toBe('it')
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('it')
    expect(screen.getByRole('radiogroup', { name: 'Lingua' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Italiano' })).toBeChecked()

    await userEvent.click(screen.getByText('EN'))
    expect(screen.getByTestId('probe')).toHaveTextContent('Log out')
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en')
  })
})
