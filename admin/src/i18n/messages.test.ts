import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { adminUserInput, configInput, describeUploadUses, openingWeekBody, serviceInput } from '@salon/shared'
import { englishOf, localizeMessage } from './messages'
import { zodValidate } from '../components/form/zod-validate'

const schemasDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/src/schemas')

/**
 * Every message the shared schemas can produce, read from their source: the string and template
 * literals (outside comments) that start with a capital letter or a backtick and contain a space.
 * A template's `${…}` parts become sample values (every unit the settings use for `${unit}`).
 */
function schemaMessages(): string[] {
  const out = new Set<string>()
  for (const file of fs.readdirSync(schemasDir)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue
    const source = fs
      .readFileSync(path.join(schemasDir, file), 'utf8')
      .split('\n')
      .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
      .join('\n')
    const units = [...source.matchAll(/whole\([^)]*?'([^']+)'\)/g)].map((m) => m[1]!)
    for (const m of source.matchAll(/'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g)) {
      const text = m[1] ?? m[2] ?? ''
      if (!/^[A-ZÀ-Ý`]/u.test(text) || !text.includes(' ')) continue
      if (m[1] !== undefined) {
        out.add(text)
        continue
      }
      const samples = (expr: string): string[] =>
        /unit/.test(expr)
          ? units
          : /opening_time|closing_time/.test(expr)
            ? ['09:00']
            : /toLocaleString/.test(expr)
              ? ['10.000']
              : ['10']
      let variants = ['']
      for (const part of text.split(/(\$\{[^}]*\})/)) {
        const options = part.startsWith('${') ? samples(part) : [part]
        variants = variants.flatMap((v) => options.map((o) => v + o))
      }
      for (const v of variants) out.add(v)
    }
  }
  return [...out]
}

describe('the English of the shared schemas’ messages', () => {
  const messages = schemaMessages()

  it('finds the schemas’ messages (the reader works)', () => {
    expect(messages).toContain('Il nome è obbligatorio')
    expect(messages).toContain('Al massimo 100 caratteri')
    expect(messages).toContain('Almeno 10 minuti')
    expect(messages.length).toBeGreaterThan(50)
  })

  it('has an English entry for every message string in shared/src/schemas', () => {
    const missing = messages.filter((m) => !englishOf(m))
    expect(missing).toEqual([])
  })

  it('translates templates with their values, and leaves unknown messages as they came', () => {
    expect(englishOf('Al massimo 150 caratteri')).toBe('At most 150 characters')
    expect(englishOf('Almeno 1 giorni')).toBe('At least 1 day')
    expect(englishOf('Al massimo 10.000 €')).toBe('At most €10,000')
    expect(englishOf('Si sovrappone a 09:00–13:00')).toBe('Overlaps 09:00–13:00')
    expect(localizeMessage('Un messaggio nuovo del server', 'en')).toBe('Un messaggio nuovo del server')
    expect(localizeMessage('Il nome è obbligatorio', 'it')).toBe('Il nome è obbligatorio')
  })

  it('puts the server’s refusal to delete an image in use in English, with where it is used', () => {
    // Composed as cms/src/content/uploads.ts does (describeUploadUses of the shared schemas).
    const uses = describeUploadUses([
      { kind: 'service', id: 1, name: 'Piega' },
      { kind: 'operator', id: 2, name: 'Giulia Rossi' },
      { kind: 'banner', id: 3, name: 'Saldi' },
      { kind: 'user', id: 4, name: 'Anna' },
    ])
    expect(
      englishOf(
        `Questa immagine è in uso, non si può eliminare. Usata da: ${uses}. Scegli prima un’altra immagine lì.`,
      ),
    ).toBe(
      'This image is in use and cannot be deleted. Used by: service “Piega”, operator “Giulia Rossi”, banner “Saldi”, user “Anna”. Choose another image there first.',
    )
    expect(englishOf('Questa immagine non è nel carosello')).toBe('This image is not in the carousel')
  })

  it('is applied where the forms show field errors (English by default)', () => {
    expect(zodValidate(serviceInput)({ title: '', time: 30, price: 10 })).toMatchObject({
      title: 'The name is required',
    })
    expect(zodValidate(configInput)({ slotStepMinutes: 1 })).toMatchObject({ slotStepMinutes: 'At least 5 minutes' })
    expect(zodValidate(adminUserInput)({ name: '', email: 'x', user_role: 'ADMIN' })).toMatchObject({
      name: 'Enter the name',
      email: 'Invalid e-mail address',
    })
    expect(Object.values(zodValidate(openingWeekBody)({ days: [] }))).toContain('All seven days are needed')
  })
})
