/**
 * zod, configured before any schema is built. The apps run under a CSP without 'unsafe-eval':
 * zod's JIT would first probe `new Function`, which the browser reports as a CSP violation (a
 * Lighthouse best-practices finding). Our bodies are small; the interpreted parser is plenty, on
 * the server too. Every module of `shared/` takes `z` from here, so the setting is in force
 * whichever schema module a bundle happens to load first.
 */
import { z } from 'zod'

z.config({ jitless: true })

export { z }
