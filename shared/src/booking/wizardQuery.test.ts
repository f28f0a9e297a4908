import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { wizardSearch } from '../schemas/booking'
import { readWizardQuery, wizardQueryOf } from './wizardQuery'

const pieces = {
  id: fc.oneof(
    fc.integer({ min: -3, max: 40 }).map(String),
    fc.constantFrom('', ' 7', '1e2', '0x10', '2.5', 'abc', 'Infinity', '9007199254740993', '-0', '+3'),
  ),
  day: fc.oneof(
    fc.constantFrom('2026-11-28', '2026-02-29', '2028-02-29', '2026-13-01', '1999-12-31', '3000-01-01', '2026-1-5', ''),
    fc
      .date({ min: new Date('1990-01-01'), max: new Date('3100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
  ),
  time: fc.oneof(
    fc.constantFrom(
      '2026-11-28T09:00:00.000Z',
      '2026-11-28T09:00:00Z',
      '2026-11-28T09:00Z',
      '2026-11-28T09:00:00+01:00',
      '2026-11-28T09:00:00+0100',
      '2026-11-28T24:00:00Z',
      '2026-11-28 09:00:00Z',
      '1999-11-28T09:00:00Z',
      '2026-02-30T09:00:00Z',
      '',
    ),
    fc
      .date({ min: new Date('1990-01-01'), max: new Date('3100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString()),
  ),
  step: fc.constantFrom('services', 'operator', 'when', 'summary', 'Summary', '', 'thankyou'),
}

const query = fc.record(
  {
    services: fc.oneof(
      fc.array(pieces.id, { maxLength: 12 }).map((xs) => xs.join(',')),
      fc.constantFrom(',', '1,,2', '3,3'),
    ),
    operator: fc.oneof(pieces.id, fc.constant('any'), fc.constant('ANY')),
    day: pieces.day,
    time: pieces.time,
    step: pieces.step,
    move: pieces.id,
  },
  { requiredKeys: [] },
)

describe('readWizardQuery (the zod-free twin of wizardSearch)', () => {
  it('reads every generated URL exactly as the shared schema does', () => {
    fc.assert(
      fc.property(query, (q) => {
        expect(readWizardQuery(q)).toEqual(wizardSearch.parse(q))
      }),
      { numRuns: 3000 },
    )
  })

  it('keeps the rest of the choice when one value is bad', () => {
    expect(readWizardQuery({ services: '3,x', operator: '2', day: '2026-12-15', step: 'when' })).toEqual({
      services: [],
      operator: 2,
      day: '2026-12-15',
      step: 'when',
    })
  })
})

describe('wizardQueryOf (the URL as readWizardQuery takes it)', () => {
  it('joins repeated services in order (the services step’s GET form); one value stays as it is', () => {
    const form = new URLSearchParams('services=4&services=7&step=operator&operator=2')
    expect(wizardQueryOf(form)).toEqual({ services: '4,7', step: 'operator', operator: '2' })
    expect(readWizardQuery(wizardQueryOf(form))).toEqual({ services: [4, 7], operator: 2, step: 'operator' })
    expect(wizardQueryOf(new URLSearchParams('services=3,7&day=2026-12-01'))).toEqual({
      services: '3,7',
      day: '2026-12-01',
    })
    expect(wizardQueryOf(new URLSearchParams('step=operator'))).toEqual({ step: 'operator' })
    // A bad one among them drops the services, as one bad id in `3,x` does.
    expect(readWizardQuery(wizardQueryOf(new URLSearchParams('services=4&services=x'))).services).toEqual([])
  })
})
