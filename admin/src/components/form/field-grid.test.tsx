import { render, screen } from '@testing-library/react'
import { MantineProvider, NumberInput } from '@mantine/core'
import { describe, expect, it } from 'vitest'
import { FieldGrid } from './fields'

describe('FieldGrid', () => {
  it('puts each field at the bottom of its row, so inputs line up under help texts of any length', () => {
    render(
      <MantineProvider>
        <FieldGrid cols={3}>
          <NumberInput label="Promemoria" description="Una spiegazione lunga, su più righe, sopra il campo." />
          <NumberInput label="Secondo" />
          <NumberInput label="Completa dopo" />
        </FieldGrid>
      </MantineProvider>,
    )
    const grid = screen.getByLabelText('Promemoria').closest('.mantine-NumberInput-root')!.parentElement!
    expect(grid.children).toHaveLength(3)
    expect(getComputedStyle(grid).alignItems).toBe('end')
    expect(getComputedStyle(grid).display).toBe('grid')
  })
})
