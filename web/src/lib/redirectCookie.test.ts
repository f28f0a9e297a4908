import { afterEach, describe, expect, it } from 'vitest'
import { REDIRECT_GUARD } from '@salon/shared/routes'
import { clearAttemptedPath, readAttemptedPath, rememberAttemptedPath } from './redirectCookie'

afterEach(() => clearAttemptedPath())

describe('the redirect guard’s cookie', () => {
  it('remembers the attempted path with its query, reads it back and clears it', () => {
    expect(readAttemptedPath()).toBeNull()
    rememberAttemptedPath('/reserved-area/settings?tab=2&x=à')
    expect(document.cookie).toContain(`${REDIRECT_GUARD.cookie.name}=`)
    expect(readAttemptedPath()).toBe('/reserved-area/settings?tab=2&x=%C3%A0')
    clearAttemptedPath()
    expect(readAttemptedPath()).toBeNull()
    expect(document.cookie).not.toContain(REDIRECT_GUARD.cookie.name)
  })

  it('never gives back another origin, whatever the cookie holds', () => {
    document.cookie = `${REDIRECT_GUARD.cookie.name}=${encodeURIComponent('//evil.example/x')}; Path=/`
    expect(readAttemptedPath()).toBeNull()
    document.cookie = `${REDIRECT_GUARD.cookie.name}=${encodeURIComponent('https://evil.example/x')}; Path=/`
    expect(readAttemptedPath()).toBeNull()
  })
})
