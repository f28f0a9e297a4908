import type { I18nProvider } from '@refinedev/core'

/**
 * Refine's own words (its buttons, notifications, the unsaved-changes warning) in the dashboard's
 * language. Our screens write Italian; Refine's defaults are English, which mixed the two on one
 * page ("create" next to "Servizi"). Unknown keys fall back to Refine's default text.
 */
const IT: Record<string, string> = {
  'buttons.create': 'Nuovo',
  'buttons.save': 'Salva',
  'buttons.edit': 'Modifica',
  'buttons.delete': 'Elimina',
  'buttons.cancel': 'Annulla',
  'buttons.confirm': 'Sei sicuro?',
  'buttons.refresh': 'Aggiorna',
  'buttons.list': 'Elenco',
  'buttons.show': 'Dettagli',
  'buttons.clone': 'Duplica',
  'buttons.filter': 'Filtra',
  'buttons.clear': 'Pulisci',
  'buttons.logout': 'Esci',
  'buttons.notAccessTitle': 'Non hai i permessi per questa azione',
  'notifications.success': 'Fatto',
  'notifications.error': 'Errore (codice {{statusCode}})',
  'notifications.createSuccess': 'Creato',
  'notifications.createError': 'Non è stato possibile creare (codice {{statusCode}})',
  'notifications.editSuccess': 'Modifiche salvate',
  'notifications.editError': 'Non è stato possibile salvare (codice {{statusCode}})',
  'notifications.deleteSuccess': 'Eliminato',
  'notifications.deleteError': 'Non è stato possibile eliminare (codice {{statusCode}})',
  'notifications.undoable': 'Hai {{seconds}} secondi per annullare',
  warnWhenUnsavedChanges: 'Ci sono modifiche non salvate: uscire comunque?',
  loading: 'Caricamento…',
}

const interpolate = (text: string, options: unknown) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = options && typeof options === 'object' ? (options as Record<string, unknown>)[name] : undefined
    return value === undefined || value === null ? '' : String(value)
  })

export const i18nProvider: I18nProvider = {
  translate: (key: string, options?: unknown, defaultMessage?: string) => {
    const text = IT[key]
    if (text) return interpolate(text, options)
    // Refine passes the default as the 2nd argument when there are no options.
    const fallback = typeof options === 'string' ? options : defaultMessage
    return fallback ?? key
  },
  changeLocale: () => Promise.resolve(),
  getLocale: () => 'it',
}
