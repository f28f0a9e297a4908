import { devices, expect, test, type APIRequestContext } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { loginInBrowser } from './helpers'

/**
 * Images from /dashboard: two images dropped into the carousel and reordered with the keyboard
 * (dnd-kit's keyboard sensor: space, arrow, space) — the public home's carousel follows; an image
 * a service uses cannot be deleted, and the dashboard says where it is used. Everything the test
 * creates is deleted at the end (the integration tests run on this database afterwards).
 */
test.use({ ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } })

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVR4nGPQn+eCFTEMLQkApg5EQegZdooAAAAASUVORK5CYII=',
  'base64',
)
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG })

const homeCarousel = async (request: APIRequestContext) =>
  ((await (await request.get('/api/pages/home')).json()).carousel as { name: string }[]).map((d) => d.name)

/** The admin over the API (a JWT header: the page's cookie needs a same-origin browser request). */
async function adminApi(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: { email: 'admin@demo.salon', password: 'demo1234' } })
  const headers = { authorization: `JWT ${(await login.json()).token}` }
  return {
    async idsByName(names: string[]) {
      const res = await request.get('/api/upload/library', { headers })
      expect(res.status(), await res.text()).toBe(200)
      const docs = (await res.json()).docs as { id: number; name: string }[]
      return docs.filter((d) => names.includes(d.name)).map((d) => d.id)
    },
    post: (path: string, data: unknown) => request.post(path, { headers, data }),
    delete: (path: string) => request.delete(path, { headers }),
  }
}

test('carousel: two images dropped in and reordered; the public home follows. An image in use is not deleted', async ({
  page,
  request,
}) => {
  test.slow() // two uploads, two axe runs, a second page: three times the default timeout
  const stamp = Date.now()
  const [a, b, c] = [`e2e-a-${stamp}.png`, `e2e-b-${stamp}.png`, `e2e-c-${stamp}.png`]
  const piega = `Piega e2e ${stamp}`
  let serviceId: number | undefined
  await loginInBrowser(page, 'admin@demo.salon', 'demo1234')
  const admin = await adminApi(request)
  try {
    await page.goto('/dashboard/carousel')
    await expect(page.getByRole('heading', { name: 'Carosello della home' })).toBeVisible()
    await page.locator('input[type="file"]').setInputFiles([png(a), png(b)])
    await expect(page.getByText('2 immagini caricate')).toBeVisible()
    const cards = page.getByTestId('carousel-card')
    await expect(cards.filter({ hasText: a })).toBeVisible()
    await expect(cards.filter({ hasText: b })).toBeVisible()
    // New images go last, in the order they were chosen: …, a, b.
    expect((await homeCarousel(request)).slice(-2)).toEqual([a, b])
    await expectNoSeriousA11yViolations(page)

    // b before a, with the keyboard: focus b's handle, space, arrow towards a, space.
    const handleA = page.getByRole('button', { name: `Sposta «${a}»` })
    const handleB = page.getByRole('button', { name: `Sposta «${b}»` })
    const [boxA, boxB] = [await handleA.boundingBox(), await handleB.boundingBox()]
    const sameRow = Math.abs((boxA?.y ?? 0) - (boxB?.y ?? 0)) < 5
    await handleB.focus()
    // Each step waits for dnd-kit's (Italian) live announcement, so the sensor has measured the cards.
    await page.keyboard.press('Space')
    await expect(handleB).toHaveAttribute('aria-pressed', 'true')
    await page.keyboard.press(sameRow ? 'ArrowLeft' : 'ArrowUp')
    await expect(page.getByRole('status').filter({ hasText: `«${b}» ora è al posto 4 di` })).toBeAttached()
    await page.keyboard.press('Space')
    await expect(page.getByText('Ordine salvato')).toBeVisible()
    const shown = (await cards.allTextContents()).map((t) => (t.includes(a) ? a : t.includes(b) ? b : 'other'))
    expect(shown.indexOf(b)).toBeLessThan(shown.indexOf(a))
    // The public home shows the carousel in the dashboard's order.
    await expect.poll(async () => (await homeCarousel(request)).filter((n) => n === a || n === b)).toEqual([b, a])
    await page.goto('/dashboard/carousel')
    await expect(cards.nth(shown.indexOf(b))).toContainText(b)

    // Taken out of the carousel (after a confirmation): gone from the home, still among the files.
    await page.getByRole('button', { name: `Togli «${a}» dal carosello` }).click()
    const confirm = page.getByRole('dialog', { name: 'Togliere l’immagine dal carosello?' })
    await expect(confirm).toHaveCSS('opacity', '1') // the opening transition is over (axe reads colours)
    await expectNoSeriousA11yViolations(page)
    await confirm.getByRole('button', { name: 'Togli dal carosello' }).click()
    await expect(cards.filter({ hasText: a })).toHaveCount(0)
    expect(await homeCarousel(request)).not.toContain(a)
    expect(await admin.idsByName([a])).toHaveLength(1)

    // An image a service uses: the library says where, and deleting it is refused with the reason.
    await page.goto('/dashboard/file')
    await page.locator('input[type="file"]').setInputFiles([png(c)])
    await expect(page.getByText('Immagine caricata')).toBeVisible()
    const [imageId] = await admin.idsByName([c])
    const created = await admin.post('/api/services', {
      title: piega,
      time: 30,
      price: 10,
      image: imageId,
      active: false,
    })
    expect(created.status(), await created.text()).toBe(201)
    serviceId = (await created.json()).doc.id
    await page.reload()
    await page.getByRole('searchbox', { name: 'Cerca per nome' }).fill(`e2e-c-${stamp}`)
    const card = page.getByTestId('file-card')
    await expect(card).toHaveCount(1)
    await expect(card).toContainText(`Usata da: servizio «${piega}»`)
    await expectNoSeriousA11yViolations(page)
    await card.getByRole('button', { name: `Modifica «${c}»` }).click()
    const editor = page.getByRole('dialog', { name: 'Modifica immagine' })
    const nameField = editor.getByRole('textbox', { name: 'Nome' })
    await expect(nameField).toHaveValue(c)
    // Names are unique: the server's refusal shows next to the field.
    await nameField.fill('banner-1')
    await editor.getByRole('button', { name: 'Salva' }).click()
    await expect(nameField).toHaveAttribute('aria-invalid', 'true')
    await expect(editor.locator('.mantine-TextInput-error')).toBeVisible()
    await nameField.fill(c)
    await editor.getByRole('button', { name: 'Elimina' }).click()
    await editor
      .getByRole('alertdialog', { name: 'Eliminare questa immagine?' })
      .getByRole('button', { name: 'Sì, elimina' })
      .click()
    await expect(editor.getByText('Non eliminato')).toBeVisible()
    await expect(editor).toContainText(`Usata da: servizio «${piega}»`)
    await expect(editor).toHaveCSS('opacity', '1')
    await expectNoSeriousA11yViolations(page)
    expect(await admin.idsByName([c])).toEqual([imageId])
  } finally {
    if (serviceId) await admin.delete(`/api/services/${serviceId}`)
    for (const id of await admin.idsByName([a, b, c])) await admin.delete(`/api/upload/${id}`)
  }
  expect(await admin.idsByName([a, b, c])).toEqual([])
})
