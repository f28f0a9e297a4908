import { useCallback, useState } from 'react'
import type { UseFormReturnType } from '@mantine/form'
import { useNotification } from '@refinedev/core'
import { fieldErrorsOf, messageOf } from '../rota/api'
import { useT } from '../../i18n/use-t'

/**
 * One save of a card's section (a form of @mantine/form): runs `send`, says "Saved" in a toast,
 * and on a refusal puts the server's field errors next to their fields (`phone_number`, `tags.2`)
 * and anything else in `error` (shown by the section, announced).
 */
export function useSectionSave<V extends Record<string, unknown>>(form: UseFormReturnType<V>) {
  const t = useT()
  const { open } = useNotification()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const save = useCallback(
    async (send: () => Promise<unknown>, done?: () => unknown) => {
      setBusy(true)
      setError(null)
      try {
        await send()
        open?.({ type: 'success', message: t('clients.saved') })
        await done?.()
        return true
      } catch (e) {
        // Each field's first message, by the field itself (`tags.2` → `tags`: the input as a whole).
        const fields: Record<string, string> = {}
        for (const [path, message] of Object.entries(fieldErrorsOf(e))) {
          const field = path.split('.')[0]!
          if (field in form.values) fields[field] ??= Array.isArray(message) ? String(message[0]) : String(message)
        }
        if (Object.keys(fields).length) form.setErrors(fields)
        else setError(messageOf(e, t('clients.notSaved')))
        return false
      } finally {
        setBusy(false)
      }
    },
    [form, open, t],
  )
  return { save, busy, error, clearError: () => setError(null) }
}
