// Tests read both languages synchronously: the Italian dictionary (its own chunk in the build) is
// loaded before each test file, as main.tsx does before the first render.
import { loadDictionary } from '../i18n/translate'

await loadDictionary('it')
