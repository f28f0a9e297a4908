import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import App from './App'
import { getLocale } from './i18n/locale'
import { loadDictionary } from './i18n/translate'

// The stored language's dictionary first (Italian is its own chunk): no first paint in English.
void loadDictionary(getLocale())
  .catch(() => {}) // offline: English until it can be fetched
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  )
