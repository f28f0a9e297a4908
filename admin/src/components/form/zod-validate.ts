import type { z } from 'zod'
import { issueText } from '../../i18n/messages'

/**
 * A Mantine form `validate` function from a zod schema of `@salon/shared` — the same schema the
 * server's collection runs — so the dashboard never retypes a rule. One message per field (the
 * first), keyed by dotted path as Mantine expects (`operators.0`), in the dashboard's language
 * (each issue by its code: `i18n/messages.ts`).
 */
export function zodValidate<V>(schema: z.ZodType) {
  return (values: V): Record<string, string> => {
    const result = schema.safeParse(values)
    if (result.success) return {}
    const errors: Record<string, string> = {}
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.') || 'form'
      errors[path] ??= issueText(issue)
    }
    return errors
  }
}
