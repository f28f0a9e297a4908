/**
 * SQL composed from pieces that carry their own values, numbered only when the whole statement is
 * built — so no piece is ever tied to a positional parameter it cannot see (`$4` in one file meaning
 * the fourth value of an array in another). In a `sql` template:
 * - a `Sql` piece is spliced in (its values come along, renumbered),
 * - a `Param` (`param(v)`) is one parameter however many times it appears (one `$n` for all),
 * - anything else is a new parameter, `$n`, with that value.
 * Text that is not a value (a column name, a literal list) goes in through `raw`, never as a string
 * value. `statement(piece)` gives pg's `{ text, values }` (and `name` for a prepared statement: the
 * text depends only on the pieces, never on the values, so a name always has one text).
 */
export class Sql {
  /** @internal */
  constructor(readonly parts: readonly (string | Param | Sql | Value)[]) {}

  /** A piece pasted into a plain template string would lose its values: refused loudly. */
  toString(): string {
    throw new Error('An sql piece goes into sql`…`, never into a plain string')
  }
}

/** A value used at several places of one statement: one parameter number for all of them. */
export class Param {
  constructor(readonly value: unknown) {}
}

class Value {
  constructor(readonly value: unknown) {}
}

export const param = (value: unknown) => new Param(value)

/** Template texts already checked for hand-written `$n` (a template's strings are one object per call site). */
const checked = new WeakSet<TemplateStringsArray>()

function refusePositional(strings: TemplateStringsArray) {
  if (checked.has(strings)) return
  if (strings.some((s) => /\$\d/.test(s)))
    throw new Error(`A hand-written positional parameter in sql\`${strings.join('…')}\``)
  checked.add(strings)
}

export function sql(strings: TemplateStringsArray, ...values: unknown[]): Sql {
  refusePositional(strings)
  const parts: (string | Param | Sql | Value)[] = []
  strings.forEach((s, i) => {
    if (s) parts.push(s)
    if (i < values.length) {
      const v = values[i]
      parts.push(v instanceof Sql || v instanceof Param ? v : new Value(v))
    }
  })
  return new Sql(parts)
}

/** SQL text taken as it is (a column, an alias, a constant list): never user input. */
export function raw(text: string) {
  if (/\$\d/.test(text)) throw new Error(`A hand-written positional parameter in raw SQL: ${text}`)
  return new Sql([text])
}

/** The pieces one after another, `separator` between them. */
export const joinSql = (pieces: Sql[], separator: string) =>
  new Sql(pieces.flatMap((p, i) => (i ? [separator, p] : [p])))

export interface Statement {
  text: string
  values: unknown[]
  name?: string
}

/** The statement pg runs: text with `$1…$n` in order of appearance, and the values in that order. */
export function statement(piece: Sql, name?: string): Statement {
  const values: unknown[] = []
  const numbers = new Map<Param, number>()
  const text = (p: Sql): string =>
    p.parts
      .map((part) => {
        if (typeof part === 'string') return part
        if (part instanceof Sql) return text(part)
        if (part instanceof Param) {
          let n = numbers.get(part)
          if (n === undefined) numbers.set(part, (n = values.push(part.value)))
          return `$${n}`
        }
        return `$${values.push(part.value)}`
      })
      .join('')
  const out = text(piece)
  return name ? { name, text: out, values } : { text: out, values }
}
