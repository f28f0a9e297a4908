import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import App from './App'
import { getLocale } from './i18n/locale'
import { loadDictionary } from './i18n/translate'
import { preloadScreenOf } from './pages/registry'

// The screen of the address opened, fetched while the dictionary loads and the session is checked.
preloadScreenOf(window.location.pathname)

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
