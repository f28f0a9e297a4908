import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { checkFiles, Dropzone, typeList } from './dropzone'

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type })

describe('checkFiles', () => {
  it('keeps the images the server takes and names the others with the reason, in Italian', () => {
    const ok = file('a.jpg', 'image/jpeg')
    const { accepted, refused } = checkFiles(
      [ok, file('b.pdf', 'application/pdf'), file('c.png', 'image/png', 2048), file('d.png', 'image/png', 0)],
      ['image/jpeg', 'image/png'],
      1024,
    )
    expect(accepted).toEqual([ok])
    expect(refused.map((r) => r.message)).toEqual([
      '«b.pdf»: formato non supportato. Usa JPEG o PNG.',
      '«c.png»: troppo grande (0 MB). Il massimo è 0 MB.',
      '«d.png»: il file è vuoto.',
    ])
  })

  it('the size limit is the server’s: 10 MB', () => {
    const big = file('big.jpg', 'image/jpeg', 10 * 1024 * 1024 + 1)
    expect(checkFiles([big]).refused[0]?.message).toBe('«big.jpg»: troppo grande (10 MB). Il massimo è 10 MB.')
    expect(checkFiles([file('ok.webp', 'image/webp', 10 * 1024 * 1024)]).accepted).toHaveLength(1)
  })

  it('lists the formats the way people say them', () => {
    expect(typeList(['image/jpeg', 'image/png', 'image/webp'])).toBe('JPEG, PNG o WebP')
  })
})

describe('<Dropzone>', () => {
  it('choosing several files with the button hands over the good ones and shows why the others were left out', async () => {
    const onFiles = vi.fn()
    render(<Dropzone onFiles={onFiles} />)
    const button = screen.getByRole('button', { name: 'Scegli le immagini' })
    expect(button).toHaveAccessibleDescription(/JPEG, PNG, WebP, AVIF o GIF, fino a 10 MB ciascuna/)
    const input = screen.getByLabelText('Scegli le immagini', { selector: 'input' })
    const good = [file('uno.jpg', 'image/jpeg'), file('due.png', 'image/png')]
    await userEvent.setup({ applyAccept: false }).upload(input, [...good, file('tre.heic', 'image/heic')])
    expect(onFiles).toHaveBeenCalledExactlyOnceWith(good)
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('Un file non è stato caricato')
    expect(alert).toHaveTextContent('«tre.heic»: formato non supportato')
  })

  it('the button opens the file chooser, from the keyboard too', async () => {
    render(<Dropzone onFiles={() => {}} />)
    const input = screen.getByLabelText<HTMLInputElement>('Scegli le immagini', { selector: 'input' })
    const click = vi.spyOn(input, 'click')
    const user = userEvent.setup()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Scegli le immagini' })).toHaveFocus()
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
