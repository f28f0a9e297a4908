/**
 * The sign-in page's second script (named before `boot` by src/entry-server.tsx, on `/login` only:
 * the other server-rendered pages have no form that needs the app, and `/reserve` keeps its bytes).
 * No imports: this file is the whole chunk.
 */
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
