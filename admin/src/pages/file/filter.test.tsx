import { describe, expect, it } from 'vitest'
import { describeUploadUses, type UploadUse } from '@salon/shared'
import { describeUses, filterImages, type LibraryImage } from './index'
import { tr } from '../../i18n/translate'

const img = (id: number, name: string, label: LibraryImage['label']): LibraryImage => ({ id, name, label, uses: [] })
const all = [img(1, 'Piega morbida.jpg', 'IMAGES'), img(2, 'carosello-1', 'HOME_CAROUSEL'), img(3, 'Colore', 'IMAGES')]

describe('filterImages', () => {
  it('search by name, any case; label filter', () => {
    expect(filterImages(all, 'PIEGA', 'ALL').map((i) => i.id)).toEqual([1])
    expect(filterImages(all, '  ', 'ALL').map((i) => i.id)).toEqual([1, 2, 3])
    expect(filterImages(all, '', 'HOME_CAROUSEL').map((i) => i.id)).toEqual([2])
    expect(filterImages(all, 'o', 'IMAGES').map((i) => i.id)).toEqual([1, 3])
    expect(filterImages(all, 'zzz', 'ALL')).toEqual([])
  })
})

describe('describeUses', () => {
  const uses: UploadUse[] = [
    { kind: 'service', id: 1, name: 'Piega' },
    { kind: 'operator', id: 2, name: 'Giulia' },
    { kind: 'banner', id: 3, name: 'Saldi' },
    { kind: 'user', id: 4, name: 'Anna' },
  ]

  it('names where an image is used in the dashboard’s language', () => {
    expect(describeUses(uses, (key, vars) => tr(key, vars, 'en'))).toBe(
      'service “Piega”, operator “Giulia”, banner “Saldi”, user “Anna”',
    )
  })

  it('in Italian, the same words as the server’s (describeUploadUses)', () => {
    expect(describeUses(uses, (key, vars) => tr(key, vars, 'it'))).toBe(describeUploadUses(uses))
  })
})
