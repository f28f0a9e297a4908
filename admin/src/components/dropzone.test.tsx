import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { checkFiles, Dropzone, typeList } from './dropzone'
import { setLocale } from '../i18n/locale'

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type })

describe('checkFiles', () => {
  const files = () => [
    file('a.jpg', 'image/jpeg'),
    file('b.pdf', 'application/pdf'),
    file('c.png', 'image/png', 2048),
    file('d.png', 'image/png', 0),
  ]

  it('keeps the images the server takes and names the others with the reason, in English by default', () => {
    const chosen = files()
    const { accepted, refused } = checkFiles(chosen, ['image/jpeg', 'image/png'], 1024)
    expect(accepted).toEqual([chosen[0]])
    expect(refused.map((r) => r.message)).toEqual([
      '“b.pdf”: format not supported. Use JPEG or PNG.',
      '“c.png”: too large (0 MB). The maximum is 0 MB.',
      '“d.png”: the file is empty.',
    ])
  })

  it('gives the reasons in Italian when the dashboard speaks Italian', () => {
    const { refused } = checkFiles(files(), ['image/jpeg', 'image/png'], 1024, 'it')
    expect(refused.map((r) => r.message)).toEqual([
      '«b.pdf»: formato non supportato. Usa JPEG o PNG.',
      '«c.png»: troppo grande (0 MB). Il massimo è 0 MB.',
      '«d.png»: il file è vuoto.',
    ])
  })

  it('the size limit is the server’s: 10 MB', () => {
    const big = file('big.jpg', 'image/jpeg', 10 * 1024 * 1024 + 1)
    expect(checkFiles([big]).refused[0]?.message).toBe('“big.jpg”: too large (10 MB). The maximum is 10 MB.')
    expect(checkFiles([file('ok.webp', 'image/webp', 10 * 1024 * 1024)]).accepted).toHaveLength(1)
  })

  it('writes sizes with the language’s digits', () => {
    const big = file('big.jpg', 'image/jpeg', 1.5 * 1024 * 1024)
    expect(checkFiles([big], ['image/jpeg'], 1024 * 1024, 'en').refused[0]?.message).toContain('(1.5 MB)')
    expect(checkFiles([big], ['image/jpeg'], 1024 * 1024, 'it').refused[0]?.message).toContain('(1,5 MB)')
  })

  it('lists the formats the way people say them', () => {
    expect(typeList(['image/jpeg', 'image/png', 'image/webp'])).toBe('JPEG, PNG or WebP')
    expect(typeList(['image/jpeg', 'image/png', 'image/webp'], 'it')).toBe('JPEG, PNG o WebP')
  })
})

describe('<Dropzone>', () => {
  afterEach(() => setLocale('en'))

  it('choosing several files with the button hands over the good ones and shows why the others were left out', async () => {
    const onFiles = vi.fn()
    render(<Dropzone onFiles={onFiles} />)
    const button = screen.getByRole('button', { name: 'Choose images' })
    expect(button).toHaveAccessibleDescription(/JPEG, PNG, WebP, AVIF or GIF, up to 10 MB each/)
    const input = screen.getByLabelText('Choose images', { selector: 'input' })
    const good = [file('uno.jpg', 'image/jpeg'), file('due.png', 'image/png')]
    await userEvent.setup({ applyAccept: false }).upload(input, [...good, file('tre.heic', 'image/heic')])
    expect(onFiles).toHaveBeenCalledExactlyOnceWith(good)
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('One file was not uploaded')
    expect(alert).toHaveTextContent('“tre.heic”: format not supported')
  })

  it('speaks Italian when the dashboard does', async () => {
    setLocale('it')
    render(<Dropzone onFiles={() => {}} />)
    const button = screen.getByRole('button', { name: 'Scegli le immagini' })
    expect(button).toHaveAccessibleDescription(/JPEG, PNG, WebP, AVIF o GIF, fino a 10 MB ciascuna/)
    const input = screen.getByLabelText('Scegli le immagini', { selector: 'input' })
    await userEvent
      .setup({ applyAccept: false })
      .upload(input, [file('tre.heic', 'image/heic'), file('quattro.gif', 'image/gif', 0)])
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('2 file non sono stati caricati')
    expect(alert).toHaveTextContent('«tre.heic»: formato non supportato')
  })

  it('the button opens the file chooser, from the keyboard too', async () => {
    render(<Dropzone onFiles={() => {}} />)
    const input = screen.getByLabelText<HTMLInputElement>('Choose images', { selector: 'input' })
    const click = vi.spyOn(input, 'click')
    const user = userEvent.setup()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Choose images' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(click).toHaveBeenCalled()
    expect(input).toHaveAttribute('multiple')
    expect(input.accept).toBe('image/jpeg,image/png,image/webp,image/avif,image/gif')
  })

  it('dropped files are taken; only files light the zone up', () => {
    const onFiles = vi.fn()
    render(<Dropzone onFiles={onFiles} />)
    const zone = screen.getByTestId('dropzone')
    fireEvent.dragOver(zone, { dataTransfer: { types: ['text/plain'], files: [] } })
    expect(zone).not.toHaveAttribute('data-over')
    fireEvent.dragEnter(zone, { dataTransfer: { types: ['Files'], files: [] } })
    expect(zone).toHaveAttribute('data-over')
    const dropped = file('foto.jpg', 'image/jpeg')
    fireEvent.drop(zone, { dataTransfer: { types: ['Files'], files: [dropped] } })
    expect(onFiles).toHaveBeenCalledWith([dropped])
    expect(zone).not.toHaveAttribute('data-over')
  })

  it('one file only when `multiple` is off; nothing is sent while busy', () => {
    const onFiles = vi.fn()
    const { rerender } = render(<Dropzone onFiles={onFiles} multiple={false} />)
    const zone = screen.getByTestId('dropzone')
    const a = file('a.jpg', 'image/jpeg')
    fireEvent.drop(zone, { dataTransfer: { types: ['Files'], files: [a, file('b.jpg', 'image/jpeg')] } })
    expect(onFiles).toHaveBeenCalledWith([a])
    rerender(<Dropzone onFiles={onFiles} busy />)
    fireEvent.drop(zone, { dataTransfer: { types: ['Files'], files: [a] } })
    expect(onFiles).toHaveBeenCalledTimes(1)
  })
})
