/**
 * The only script a server-rendered page names (web/README.md "Scripts after the first paint"):
 * it starts the app's code once the page has painted. The entry and the route's chunks are in its
 * `data-entry` / `data-preload`; the page is readable and its links and forms work before they
 * run. Without this, a phone's browser (and Lighthouse's model of one) downloads ~150 KiB of
 * scripts before it counts the page as shown. No imports: this file is the whole chunk.
 */
const boot = document.getElementById('salon-boot')

/**
 * Links added per task. Adding one costs the main thread ~2.5 ms (10 ms on Lighthouse's 4× slower
 * phone): the route's 28 at once were one task of 270 ms there, counted in Total Blocking Time.
 */
const PRELOADS_PER_TASK = 4

type Scheduler = { yield?: () => Promise<void> }
/** Lets the browser run a task (input, a frame) before going on: `scheduler.yield()`, else a timer. */
const nextTask = (): Promise<void> =>
  (globalThis as { scheduler?: Scheduler }).scheduler?.yield?.() ?? new Promise((resolve) => setTimeout(resolve, 0))

let started = false
async function start() {
  if (started || !boot) return
  started = true
  const { entry, preload = '' } = boot.dataset
  const hrefs = [entry, ...preload.split(' ')].filter((href): href is string => Boolean(href))
  for (let i = 0; i < hrefs.length; i += PRELOADS_PER_TASK) {
    if (i > 0) await nextTask()
    for (const href of hrefs.slice(i, i + PRELOADS_PER_TASK)) {
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.crossOrigin = ''
      link.href = href
      document.head.append(link)
    }
  }
  // The app's first load makes no Intl call (shared/src/format.ts, booking/zone.ts): a page's first
  // one sets up ICU, ~40 ms here and 160 on Lighthouse's phone.
  await nextTask()
  if (entry) await import(/* @vite-ignore */ entry)
}
const begin = () => void start()

// Once the first contentful paint is reported (its entry comes after the frame is on screen). A
// tab opened in the background paints nothing until shown: the timer starts the app there, and in a
// browser without paint timing, the first frame does.
if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  new PerformanceObserver((list, observer) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return
    observer.disconnect()
    setTimeout(begin, 0)
  }).observe({ type: 'paint', buffered: true })
  setTimeout(begin, 3000)
} else {
  requestAnimationFrame(() => setTimeout(begin, 0))
  setTimeout(begin, 200)
}

// A module for the type checker (its test imports it); the chunk has no exports.
export {}
