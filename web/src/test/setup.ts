// Component and hook tests (vitest + Testing Library on jsdom): matchers, and a clean DOM between
// tests (vitest runs without globals, so Testing Library cannot clean up by itself).
import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(() => cleanup())

// jsdom has no modal <dialog>: enough of it for ConfirmDialog.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.setAttribute('open', '')
}
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.removeAttribute('open')
}
