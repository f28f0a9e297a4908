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

// A form that needs the app (method="post": the sign-in) submitted before the page has hydrated
// would be the browser's own submission: it is held, and submitted again with the same button once
// `<html data-hydrated>` is set (App.tsx), after React's effects. What was typed stays in the
// fields, which the app reads when it submits. GET forms (the day's times) work natively.
const html = document.documentElement
let held: SubmitEvent | undefined
addEventListener(
  'submit',
  (event) => {
    if ((event.target as HTMLFormElement).method !== 'post' || html.hasAttribute('data-hydrated')) return
    event.preventDefault()
    held = event
  },
  true,
)
new MutationObserver(() =>
  setTimeout(() => {
    const button = held?.submitter
    ;(held?.target as HTMLFormElement | undefined)?.requestSubmit(button?.isConnected ? button : null)
    held = undefined
  }),
).observe(html, { attributeFilter: ['data-hydrated'] })

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
