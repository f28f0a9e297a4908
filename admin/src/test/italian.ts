// Tests read both languages synchronously: the Italian dictionary (its own chunk in the build) is
// loaded before each test file, as main.tsx does before the first render, and so are the other
// screens' English words (en-screens.ts), as every lazy screen does before it renders.
import { loadDictionary, loadScreenWords } from '../i18n/translate'

await loadDictionary('it')
await loadScreenWords()
