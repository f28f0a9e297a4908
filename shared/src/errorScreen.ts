/**
 * Spec §2's error screen, one text for both front ends: the HTTP status messages ("404 error",
 * "Not Found") and the Italian apology with the way home, which the dashboard shows in Italian
 * whatever its language (issue 20).
 */
export const HTTP_STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
}

export const ERROR_SCREEN_WORDS = {
  apology: 'Ci dispiace, la pagina che cerchi sembra non esistere.',
  fatalApology: 'Ci dispiace, qualcosa non ha funzionato. Riprova tra poco.',
  backHome: 'Torna alla home',
} as const
