import { describe, expect, it } from 'vitest'
import { joinSql, param, raw, sql, statement } from './sqlBuilder'

describe('sql pieces, numbered when the statement is built', () => {
  it('numbers values in order of appearance, across nested pieces', () => {
    const near = (start: Date, exclude: number) =>
      sql`(select id from reservations where date_start > ${start} and id <> ${exclude})`
    const facts = sql`select ${sql`(select 1 from users where id = ${7})`} as known, ${near(new Date(0), 3)} as near, ${'x'} as tag`
    expect(statement(facts)).toEqual({
      text: 'select (select 1 from users where id = $1) as known, (select id from reservations where date_start > $2 and id <> $3) as near, $4 as tag',
      values: [7, new Date(0), 3, 'x'],
    })
  })

  it('gives one number to a param used several times, a new one to every plain value', () => {
    const id = param(5)
    const s = statement(sql`update t set a = ${1} where id = ${id} and (${id}::int is null or b = ${1})`, 'salon.x')
    expect(s).toEqual({
      name: 'salon.x',
      text: 'update t set a = $1 where id = $2 and ($2::int is null or b = $3)',
      values: [1, 5, 1],
    })
  })

  it('splices raw text and joined pieces without values of their own', () => {
    const cols = joinSql([raw('a'), sql`${2} as b`, raw('c')], ', ')
    expect(statement(sql`select ${cols} from t where x = ${param('y')}`)).toEqual({
      text: 'select a, $1 as b, c from t where x = $2',
      values: [2, 'y'],
    })
  })

  it('the text depends on the pieces only, so a named statement keeps one text', () => {
    const q = (v: unknown) => statement(sql`select ${v}::int, ${param(v)}`, 'salon.same').text
    expect(q(1)).toBe(q(null))
  })

  it('refuses a hand-written positional parameter', () => {
    expect(() => sql`select * from t where id = $1`).toThrow(/positional/)
    expect(() => raw('id = $2')).toThrow(/positional/)
  })
})

describe('a piece in a plain string', () => {
  it('throws instead of writing [object Object] into SQL', () => {
    const piece = sql`select ${1}`
    expect(() => `select ${piece as unknown as string}`).toThrow(/never into a plain string/)
  })
})
