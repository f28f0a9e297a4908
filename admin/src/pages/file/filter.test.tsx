import { describe, expect, it } from 'vitest'
import { filterImages, type LibraryImage } from './index'

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
