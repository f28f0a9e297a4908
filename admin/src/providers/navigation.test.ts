import { describe, expect, it } from 'vitest'
import { loginPath, publicUrl } from './navigation'

describe('loginPath', () => {
  it('carries the requested dashboard path and the reason', () => {
    const url = loginPath('/dashboard/booking?currentPage=2', 'admin')
    expect(url).toBe('/login?redirectTo=%2Fdashboard%2Fbooking%3FcurrentPage%3D2&reason=admin')
    const params = new URL(url, 'http://x').searchParams
    expect(params.get('redirectTo')).toBe('/dashboard/booking?currentPage=2')
    expect(params.get('reason')).toBe('admin')
  })

  it('is plain /login without a destination', () => {
    expect(loginPath()).toBe('/login')
  })
})

describe('publicUrl', () => {
  it('is same-origin by default and prefixes a dev origin when given', () => {
    expect(publicUrl('/login')).toBe('/login')
    expect(publicUrl('/', 'http://localhost:5173')).toBe('http://localhost:5173/')
  })
})
