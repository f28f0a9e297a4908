/**
 * The only script a server-rendered page names (web/README.md "Scripts after the first paint"):
 * it starts the app's code once the page has painted. The entry and the route's chunks are in its
 * `data-entry` / `data-preload`; the page is readable and its links and forms work before they
 * run. Without this, a phone's browser (and Lighthouse's model of one) downloads ~150 KiB of
 * scripts before it counts the page as shown. No imports: this file is the whole chunk.
 */
const boot = document.getElementById('salon-boot')

let started = false
function start() {
  if (started || !boot) return
  started = true
  const { entry, preload = '' } = boot.dataset
  for (const href of preload.split(' ').filter(Boolean)) {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.crossOrigin = ''
    link.href = href
    document.head.append(link)
  }
  if (entry) void import(/* @vite-ignore */ entry)
}

// Once the first contentful paint is reported (its entry comes after the frame is on screen). A
// tab opened in the background paints nothing until shown: the timer starts the app there, and in a
// browser without paint timing, the first frame does.
if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  new PerformanceObserver((list, observer) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return
    observer.disconnect()
    setTimeout(start, 0)
  }).observe({ type: 'paint', buffered: true })
  setTimeout(start, 3000)
} else {
  requestAnimationFrame(() => setTimeout(start, 0))
  setTimeout(start, 200)
}
