import { describe, expect, it } from 'vitest'
import { DASHBOARD_ROUTES, statusForPath } from '@salon/shared/routes'
import { en } from './i18n/en'
import { relativeToDashboard, routesOf, SALON_RESOURCES, toRefineResources, type ResourceAction } from './resources'

describe('dashboard resources', () => {
  it('cover every route of the shared dashboard table exactly once', () => {
    const produced = SALON_RESOURCES.flatMap((r) => Object.values(routesOf(r.segment)))
    const expected = DASHBOARD_ROUTES.filter((r) => r.path !== '/dashboard').map((r) => relativeToDashboard(r.path))
    expect([...produced].sort()).toEqual([...expected].sort())
    expect(new Set(produced).size).toBe(produced.length)
  })

  it('read the Payload collections of the brief', () => {
    const collections = Object.fromEntries(SALON_RESOURCES.map((r) => [r.identifier, r.collection]))
    expect(collections).toEqual({
      agenda: 'reservations',
      waitlist: 'waitlist',
      rota: 'operators',
      'rota-conflicts': 'reservations',
      takings: 'reservations',
      clients: 'clients',
      user: 'users',
      service: 'services',
      category: 'category',
      booking: 'reservations',
      operator: 'operators',
      banner: 'banner',
      file: 'upload',
      carousel: 'upload',
      time: 'business_hours',
      config: 'config',
      holiday: 'holidays',
      'business-closure': 'business-closures',
    })
  })

  it('follow spec §2 for the odd ones (plus an operator create route), holidays and closures under config', () => {
    expect(routesOf('operator')).toEqual({ list: '/operator', create: '/operator/create', edit: '/operator/:id' })
    expect(routesOf('config/holiday')).toEqual({ create: '/config/holiday/create', edit: '/config/holiday/:id' })
    expect(routesOf('config/business-closure')).toEqual({
      list: '/config/business-closure',
      create: '/config/business-closure/create',
      edit: '/config/business-closure/:id',
    })
    expect(routesOf('file')).toEqual({ list: '/file' })
  })

  it('give the agenda a menu entry of its own, first after the index, with one route (issue 20)', () => {
    expect(SALON_RESOURCES[0]!.identifier).toBe('agenda')
    expect(routesOf('agenda')).toEqual({ list: '/agenda' })
    expect(statusForPath('/dashboard/agenda')).toBe(200)
    const agenda = toRefineResources(() => true, 'it').find((r) => r.identifier === 'agenda')!
    expect(agenda).toMatchObject({ name: 'reservations', list: '/agenda', meta: { label: 'Agenda' } })
    expect(agenda.meta!.hide).toBeUndefined()
  })

  it('give the rota a menu entry (issue 23); its conflicts page is a route without one', () => {
    expect(routesOf('rota')).toEqual({ list: '/rota' })
    expect(routesOf('rota/conflicts')).toEqual({ list: '/rota/conflicts' })
    const all = toRefineResources(() => true, 'it')
    expect(all.find((r) => r.identifier === 'rota')).toMatchObject({ list: '/rota', meta: { label: 'Turni' } })
    expect(all.find((r) => r.identifier === 'rota')!.meta!.hide).toBeUndefined()
    expect(all.find((r) => r.identifier === 'rota-conflicts')).toMatchObject({
      list: '/rota/conflicts',
      meta: { label: 'Appuntamenti da riassegnare', hide: true },
    })
  })

  it('give the takings a menu entry with one route (issue 24)', () => {
    expect(routesOf('takings')).toEqual({ list: '/takings' })
    expect(statusForPath('/dashboard/takings')).toBe(200)
    const takings = toRefineResources(() => true, 'it').find((r) => r.identifier === 'takings')!
    expect(takings).toMatchObject({ list: '/takings', meta: { label: 'Incassi' } })
    expect(takings.meta!.hide).toBeUndefined()
  })

  it('give the waitlist a menu entry next to the agenda, with one route (issue 27)', () => {
    expect(routesOf('waitlist')).toEqual({ list: '/waitlist' })
    expect(statusForPath('/dashboard/waitlist')).toBe(200)
    const all = toRefineResources(() => true, 'it')
    const i = all.findIndex((r) => r.identifier === 'waitlist')
    expect(all[i - 1]!.identifier).toBe('agenda')
    expect(all[i]).toMatchObject({ list: '/waitlist', meta: { label: 'Lista d’attesa' } })
    expect(all[i]!.meta!.hide).toBeUndefined()
  })

  it('show only HOME_CAROUSEL uploads in the carousel', () => {
    const carousel = SALON_RESOURCES.find((r) => r.identifier === 'carousel')!
    expect(carousel.permanentFilters).toEqual([{ field: 'label', operator: 'eq', value: 'HOME_CAROUSEL' }])
  })

  it('have labels from the dictionaries: "Services" in English, "Servizi" in Italian', () => {
    for (const r of SALON_RESOURCES) expect(en[r.label]).toMatch(/^[A-Z][a-z]+/)
    expect(toRefineResources(() => true, 'en').find((r) => r.identifier === 'service')!.meta!.label).toBe('Services')
    expect(toRefineResources(() => true, 'it').find((r) => r.identifier === 'service')!.meta!.label).toBe('Servizi')
  })
})

describe('toRefineResources', () => {
  const onlyLists = (_: string, action: ResourceAction) => action === 'list'
  const resources = toRefineResources(onlyLists)

  it('declares only routes that have a screen, so nothing links to a missing page', () => {
    const service = resources.find((r) => r.identifier === 'service')!
    expect(service).toMatchObject({ name: 'services', list: '/service' })
    expect(service.create).toBeUndefined()
    expect(service.edit).toBeUndefined()
  })

  it('hides resources without a list from the menu but keeps their meta for data hooks', () => {
    const holiday = resources.find((r) => r.identifier === 'holiday')!
    expect(holiday.list).toBeUndefined()
    expect(holiday.meta).toMatchObject({ hide: true, label: 'Holidays', collection: 'holidays' })
  })

  it('puts the index first and every declared path is one the server answers with 200', () => {
    expect(resources[0]).toMatchObject({ name: 'dashboard', list: '/' })
    const all = toRefineResources(() => true)
    for (const r of all) {
      for (const action of ['list', 'create', 'edit'] as const) {
        const path = r[action]
        if (typeof path !== 'string') continue
        const full = `/dashboard${path === '/' ? '' : path.replace(':id', '42')}`
        expect(statusForPath(full), full).toBe(200)
      }
    }
  })
})
