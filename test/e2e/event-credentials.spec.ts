import { createHmac } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import {
  openGroup,
  SEEDED,
  signInOnboarded,
  signInViaApi,
  toolsGroup,
  verifiedUser,
} from './support/accounts.ts'
import { expect, main, test } from './support/fixtures.ts'

/*
 * /event-credentials (part 2 §2.10, §4, §5, §8; issue 17 point 4) in the browser against `ludex run`:
 * an admin and an editor create, copy, rename, disable, enable and delete credentials with every toast
 * of §8 verbatim (the failures provoked for real: another session changed the credential first), a
 * game server's signed events reach the Total Events chart and the card, and a viewer is sent away.
 */

/** The toasts of part 2 §8 for event credentials and the copy actions, verbatim. */
const TOAST = {
  created: 'Successfully created event credential',
  createFailed: 'Could not create event credential',
  renamed: 'Successfully updated event credential name',
  renameFailed: 'Could not update event credential name',
  disabled: 'Successfully disabled event credential',
  enabled: 'Successfully enabled event credential',
  disableFailed: 'Could not disable',
  enableFailed: 'Could not enable event credential',
  deleted: 'Successfully deleted event credential name',
  deleteFailed: 'Could not delete event credential',
  gameKeyCopied: 'Game key has been copied to your clipboard.',
  secretKeyCopied: 'Secret key has been copied to your clipboard.',
  nameInUse: 'name already in use',
} as const

interface Credential {
  game_key: string
  secret_key: string
  place_id: number
  comment: string
  disabled: boolean
}

const admin = SEEDED.admin
let run = 0
const unique = (name: string) => `${name} ${Date.now().toString(36)}-${++run}`

const card = (page: Page, name: string) => main(page).getByRole('article', { name })
/** A toast, by its whole message (so 'Could not disable' is not another toast's beginning). */
const toast = (page: Page, text: string) => page.getByText(text, { exact: true })

async function credentialsVia(request: APIRequestContext): Promise<Credential[]> {
  const res = await request.get('/api/gamecredential')
  expect(res.status()).toBe(200)
  return (await res.json()) as Credential[]
}

/** Creates a credential in the form, as the page's user. */
async function createInForm(page: Page, placeId: number, name: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Create event credential' })
  await form.getByRole('combobox', { name: 'Experience' }).fill(String(placeId))
  const nameInput = form.getByRole('textbox', { name: 'Name' })
  // The experience's name is prefilled once the id is known; the test's own name replaces it.
  await expect(nameInput).not.toHaveValue('')
  await nameInput.fill(name)
  await form.getByRole('button', { name: 'Create' }).click()
}

/** A game server's signed batch, computed as the Readme documents it. */
async function sendEvents(request: APIRequestContext, c: Credential, ids: string[]): Promise<number> {
  const body = JSON.stringify({
    events: ids.map((id) => ({ id, name: 'round_won', time: Date.now() - 1000 })),
  })
  const timestamp = String(Math.floor(Date.now() / 1000))
  const res = await request.post('/api/events', {
    headers: {
      'content-type': 'application/json',
      'x-ludex-game-key': c.game_key,
      'x-ludex-timestamp': timestamp,
      'x-ludex-signature': createHmac('sha256', c.secret_key).update(`${timestamp}.${body}`).digest('hex'),
    },
    data: body,
  })
  return res.status()
}

test.describe('event credentials', () => {
  test('an admin creates, copies, renames, disables, enables and deletes, with every toast', async ({
    page,
    context,
    browser,
    experiences,
    snap,
  }) => {
    // Every action of the page and each of its failures, one after another: longer than one screen's test.
    test.setTimeout(120_000)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await signInOnboarded(page, admin)
    await page.goto('/overview')
    await openGroup(toolsGroup(page))
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Event Credentials' })
      .click()
    await expect(page).toHaveURL(/\/event-credentials$/)
    await expect(main(page).getByRole('heading', { level: 1, name: 'Event Credentials' })).toBeVisible()
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow')

    // Create: the typed id's experience is looked up and its name prefilled.
    const target = experiences[0]!
    const form = page.getByRole('form', { name: 'Create event credential' })
    await form.getByRole('combobox', { name: 'Experience' }).fill(String(target.place_id))
    await expect(form.getByRole('textbox', { name: 'Name' })).not.toHaveValue('')
    const name = unique('Live')
    await form.getByRole('textbox', { name: 'Name' }).fill(`  ${name}  `)
    await form.getByRole('button', { name: 'Create' }).click()
    await expect(toast(page, TOAST.created)).toBeVisible()
    const created = card(page, name)
    await expect(created).toBeVisible()
    const stored = (await credentialsVia(page.request)).find((c) => c.comment === name)!
    expect(stored.place_id).toBe(target.place_id)

    // A name in use, however cased, is refused before anything is sent.
    await form.getByRole('combobox', { name: 'Experience' }).fill(String(experiences[1]!.place_id))
    await form.getByRole('textbox', { name: 'Name' }).fill(name.toUpperCase())
    await expect(form.getByText(TOAST.nameInUse)).toBeVisible()
    await expect(form.getByRole('button', { name: 'Create' })).toBeDisabled()

    // Copy both keys: the clipboard holds them.
    await created.getByRole('button', { name: 'Copy game key' }).click()
    await expect(toast(page, TOAST.gameKeyCopied)).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(stored.game_key)
    await created.getByRole('button', { name: 'Copy secret key' }).click()
    await expect(toast(page, TOAST.secretKeyCopied)).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(stored.secret_key)
    await expect(created.getByText(stored.secret_key)).toHaveCount(0)
    await created.getByRole('button', { name: 'Show secret key' }).click()
    await expect(created.getByText(stored.secret_key)).toBeVisible()

    // Rename.
    const renamed = unique('Prod')
    await created.getByRole('button', { name: `Rename ${name}` }).click()
    await created.getByRole('textbox', { name: 'Name' }).fill(renamed)
    await created.getByRole('button', { name: 'Save' }).click()
    await expect(toast(page, TOAST.renamed)).toBeVisible()
    const live = card(page, renamed)
    await expect(live).toBeVisible()

    // Disable through the confirmation dialog: struck through, marked Disabled; then enable again.
    await live.getByRole('button', { name: 'Disable' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Disable' }).click()
    await expect(toast(page, TOAST.disabled)).toBeVisible()
    await expect(live.getByText('Disabled', { exact: true })).toBeVisible()
    await expect(live.getByRole('heading', { name: renamed })).toHaveCSS(
      'text-decoration-line',
      'line-through',
    )
    await snap('event-credentials-disabled')
    // A disabled credential's game is refused.
    expect(await sendEvents(page.request, stored, ['refused-1'])).toBe(403)
    await live.getByRole('button', { name: 'Enable' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Enable' }).click()
    await expect(toast(page, TOAST.enabled)).toBeVisible()
    await expect(live.getByText('Disabled', { exact: true })).toHaveCount(0)

    // The Readme's module carries the chosen credential's keys.
    // Its open state is remembered per user: open it unless an earlier run left it open.
    const readme = main(page).getByRole('button', { name: 'Readme' })
    if ((await readme.getAttribute('aria-expanded')) !== 'true') await readme.click()
    await expect(readme).toHaveAttribute('aria-expanded', 'true')
    await main(page).getByRole('combobox', { name: 'Fill in the keys of' }).selectOption({ label: renamed })
    const module = main(page).getByLabel('LudexEvents Luau module')
    await expect(module).toContainText(`GameKey = "${stored.game_key}"`)
    await expect(module).toContainText(`SecretKey = "${stored.secret_key}"`)
    await snap('event-credentials-readme')

    // Failures, provoked for real: another session changes the credentials behind this page's back.
    const other = await browser.newContext()
    const otherPage = await other.newPage()
    await signInViaApi(otherPage, admin)
    const doomedName = unique('Doomed')
    const doomed = (await (
      await otherPage.request.post('/api/gamecredential', {
        data: { placeId: experiences[2]!.place_id, comment: doomedName },
      })
    ).json()) as Credential
    await page.reload()
    const doomedCard = card(page, doomedName)
    await expect(doomedCard).toBeVisible()
    expect((await otherPage.request.delete(`/api/gamecredential/${doomed.game_key}`)).status()).toBe(200)
    await doomedCard.getByRole('button', { name: `Rename ${doomedName}` }).click()
    await doomedCard.getByRole('textbox', { name: 'Name' }).fill(unique('Too late'))
    await doomedCard.getByRole('button', { name: 'Save' }).click()
    await expect(toast(page, TOAST.renameFailed)).toBeVisible()
    await doomedCard.getByRole('button', { name: 'Cancel' }).click()
    await doomedCard.getByRole('button', { name: 'Disable' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Disable' }).click()
    await expect(toast(page, TOAST.disableFailed)).toBeVisible()
    await doomedCard.getByRole('button', { name: 'Delete' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    await expect(toast(page, TOAST.deleteFailed)).toBeVisible()
    // An enable that fails: a disabled credential deleted elsewhere.
    const parkedName = unique('Parked')
    const parked = (await (
      await otherPage.request.post('/api/gamecredential', {
        data: { placeId: experiences[2]!.place_id, comment: parkedName },
      })
    ).json()) as Credential
    await otherPage.request.put(`/api/gamecredential/${parked.game_key}`, { data: { disabled: true } })
    await page.reload()
    await expect(card(page, parkedName).getByText('Disabled', { exact: true })).toBeVisible()
    await otherPage.request.delete(`/api/gamecredential/${parked.game_key}`)
    await card(page, parkedName).getByRole('button', { name: 'Enable' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Enable' }).click()
    await expect(toast(page, TOAST.enableFailed)).toBeVisible()
    // A create that fails: the other session took the name after this page loaded its list.
    const raced = unique('Raced')
    await otherPage.request.post('/api/gamecredential', {
      data: { placeId: experiences[3]!.place_id, comment: raced },
    })
    await createInForm(page, experiences[3]!.place_id, raced)
    await expect(toast(page, TOAST.createFailed)).toBeVisible()
    await expect(form.getByText(TOAST.nameInUse)).toBeVisible()
    await other.close()

    // Delete for good.
    await page.reload()
    await card(page, renamed).getByRole('button', { name: 'Delete' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    await expect(toast(page, TOAST.deleted)).toBeVisible()
    await expect(card(page, renamed)).toHaveCount(0)
    expect((await credentialsVia(page.request)).some((c) => c.game_key === stored.game_key)).toBe(false)
  })

  test("an editor's game sends events: the chart and the card count them once; the search narrows", async ({
    page,
    browser,
    experiences,
    snap,
  }) => {
    test.setTimeout(60_000)
    // An editor, promoted by the admin.
    const editor = await verifiedUser(page, 'editor', 'Eddie', 'Editor')
    const adminContext = await browser.newContext()
    const adminPage = await adminContext.newPage()
    await signInViaApi(adminPage, admin)
    const users = (await (await adminPage.request.get('/api/users')).json()) as {
      users: { id: number; email: string }[]
    }
    const id = users.users.find((u) => u.email === editor.email)!.id
    expect((await adminPage.request.put(`/api/users/${id}`, { data: { role: 'editor' } })).status()).toBe(200)
    await adminContext.close()

    await page.goto('/event-credentials')
    await expect(main(page).getByRole('heading', { level: 1, name: 'Event Credentials' })).toBeVisible()
    const first = unique('Editor game')
    const second = unique('Other game')
    await createInForm(page, experiences[4]!.place_id, first)
    await expect(toast(page, TOAST.created)).toBeVisible()
    await createInForm(page, experiences[5]!.place_id, second)
    await expect(card(page, second)).toBeVisible()

    const mine = (await credentialsVia(page.request)).find((c) => c.comment === first)!
    const ids = Array.from({ length: 12 }, (_, i) => `e2e-${mine.game_key.slice(0, 6)}-${i}`)
    expect(await sendEvents(page.request, mine, ids)).toBe(200)
    // The same batch again (a game server's retry): counted once.
    expect(await sendEvents(page.request, mine, ids)).toBe(200)
    await expect
      .poll(
        async () => {
          const res = await page.request.get('/api/stats/events?granularity=day')
          const rows = (await res.json()) as { place_id: number; num_events: number }[]
          return rows.filter((r) => r.place_id === mine.place_id).reduce((n, r) => n + r.num_events, 0)
        },
        { timeout: 20_000, message: 'events counted by the materialiser' },
      )
      .toBe(12)
    await page.reload()
    await expect(card(page, first).getByText('Today so far')).toBeVisible()
    await expect(card(page, first)).toContainText('12')
    const chart = main(page).getByRole('figure', { name: 'Total Events' })
    await expect(chart).toBeVisible()
    // Its text summary (for screen readers) counts the day in progress apart.
    await expect(chart).toHaveAccessibleDescription(/in progress: [\d,]+ so far/)

    // The search box keeps the matching cards (after its 300 ms debounce).
    await main(page).getByRole('textbox', { name: 'Search credentials' }).fill(first)
    await expect(card(page, first)).toBeVisible()
    await expect(card(page, second)).toHaveCount(0)
    await snap('event-credentials-editor')
    await main(page).getByRole('textbox', { name: 'Search credentials' }).fill('no such credential at all')
    await expect(main(page).getByText('No credential matches')).toBeVisible()
  })

  test('a viewer is sent away from the page, and the calls answer 403', async ({ page }) => {
    await verifiedUser(page, 'viewer-credentials')
    await page.goto('/event-credentials')
    await expect(page).toHaveURL(/\/$/)
    await expect(main(page).getByText('Tracked Games CCU')).toBeVisible()
    await expect(toolsGroup(page)).toHaveCount(0)
    expect((await page.request.get('/api/gamecredential')).status()).toBe(403)
    expect((await page.request.get('/api/stats/events?granularity=day')).status()).toBe(403)
    expect(
      (await page.request.post('/api/gamecredential', { data: { placeId: 1, comment: 'nope' } })).status(),
    ).toBe(403)
  })
})
