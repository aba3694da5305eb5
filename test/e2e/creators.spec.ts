import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { expect, expectCharts, main, promoModal, TEXT, test } from './support/fixtures.ts'

/** One row of /api/creator, as far as the tests need it. */
interface Creator {
  readonly id: number
  readonly name: string
  readonly type: 'User' | 'Group'
  readonly is_verified: boolean
  readonly place_ids: readonly number[]
}

const bodyRows = (scope: Locator): Locator => scope.locator('table tbody tr')
const searchBox = (page: Page): Locator => main(page).getByRole('searchbox', { name: 'Search creators' })

async function creators(request: APIRequestContext): Promise<Creator[]> {
  const response = await request.get('/api/creator')
  expect(response.ok()).toBe(true)
  return (await response.json()) as Creator[]
}

test.describe('creators list', () => {
  test('lists creators, most experiences first, with their verified mark and type', async ({
    page,
    request,
    snap,
  }) => {
    const list = await creators(request)
    await page.goto('/creators')
    await expect(main(page).getByRole('heading', { name: 'Creators', level: 1 })).toBeVisible()
    const rows = bodyRows(main(page))
    await expect(rows).toHaveCount(Math.min(20, list.length))
    const header = main(page).getByRole('columnheader', { name: 'Experiences' })
    await expect(header).toHaveAttribute('aria-sort', 'descending')
    // The counts down the first page never grow, and the first is the largest of all.
    const counts = (await rows.locator('td:nth-child(3)').allTextContents()).map((t) =>
      Number(t.replace(/,/g, '')),
    )
    expect(counts[0]).toBe(Math.max(...list.map((c) => c.place_ids.length)))
    expect(counts).toEqual(counts.toSorted((a, b) => b - a))
    for (const name of ['Name', 'Verified', 'Type']) {
      await expect(main(page).getByRole('columnheader', { name })).toBeVisible()
    }
    await expect(rows.locator('td:nth-child(5)').filter({ hasText: /^(User|Group)$/ })).toHaveCount(
      await rows.count(),
    )
    await snap('creators')
  })

  test('searches from 3 characters, by name', async ({ page, request }) => {
    const list = await creators(request)
    // A creator whose name's first three letters are not shared by everyone.
    const target = list.find(
      (c) =>
        list.filter((o) => o.name.toLowerCase().includes(c.name.slice(0, 3).toLowerCase())).length <
        list.length,
    )!
    await page.goto('/creators')
    const rows = bodyRows(main(page))
    await expect(rows.first()).toBeVisible()
    const all = await rows.count()
    // Two characters do not search: the table keeps every row, and the caption says so.
    await searchBox(page).fill(target.name.slice(0, 2))
    await expect(
      main(page).getByText(`${list.length.toLocaleString('en-US')} creators of tracked experiences`),
    ).toBeVisible()
    await expect(rows).toHaveCount(all)
    await searchBox(page).fill(target.name.slice(0, 3))
    const matching = list.filter((c) => c.name.toLowerCase().includes(target.name.slice(0, 3).toLowerCase()))
    await expect(
      main(page).getByText(new RegExp(`^${matching.length} of ${list.length} creators match`)),
    ).toBeVisible()
    await expect(rows).toHaveCount(Math.min(20, matching.length))
    await searchBox(page).fill(target.name)
    const exact = list.filter((c) => c.name.toLowerCase().includes(target.name.toLowerCase()))
    // The debounced search settles on the full name: the caption counts its matches.
    await expect(
      main(page).getByText(new RegExp(`^${exact.length} of ${list.length} creators match`)),
    ).toBeVisible()
    await expect(rows).toHaveCount(Math.min(20, exact.length))
    for (const row of await rows.all()) await expect(row).toContainText(target.name, { ignoreCase: true })
    await searchBox(page).fill('')
    await expect(rows).toHaveCount(all)
  })

  test('sorts by name, and the name links to the creator', async ({ page }) => {
    await page.goto('/creators')
    const name = main(page).getByRole('columnheader', { name: 'Name' })
    await name.getByRole('button').click()
    await expect(name).toHaveAttribute('aria-sort', 'ascending')
    const names = await bodyRows(main(page)).locator('td:nth-child(2)').allTextContents()
    expect(names).toEqual(names.toSorted((a, b) => a.localeCompare(b, 'en', { numeric: true })))
    const first = bodyRows(main(page)).first().getByRole('link')
    const text = (await first.textContent())!
    await first.click()
    await expect(page).toHaveURL(/\/creators\/\d+/)
    await expect(main(page).getByRole('heading', { name: text, level: 1 })).toBeVisible()
  })
})

test.describe('creator page', () => {
  test('shows the creator, its profile link, totals, experiences and its Average CCU', async ({
    page,
    request,
    snap,
  }) => {
    const list = await creators(request)
    for (const c of [list.find((x) => x.type === 'Group')!, list.find((x) => x.type === 'User')!]) {
      await page.goto(`/creators/${c.id}`)
      await expect(main(page).getByRole('heading', { name: c.name, level: 1 })).toBeVisible()
      await expect(page).toHaveTitle(`${c.name} | Ludex`)
      const profile = main(page).getByRole('link', { name: /profile on Roblox/ })
      await expect(profile).toHaveAttribute(
        'href',
        c.type === 'Group'
          ? `https://www.roblox.com/communities/${c.id}`
          : `https://www.roblox.com/users/${c.id}/profile`,
      )
      await expect(main(page).getByRole('img', { name: 'Verified' })).toHaveCount(c.is_verified ? 1 : 0)
      for (const label of ['Total Players Online', 'Total Visits', 'Average Like %']) {
        await expect(main(page).getByText(label, { exact: true })).toBeVisible()
      }
      const experiences = main(page).getByRole('region', { name: /^Experiences/ })
      await expect(bodyRows(experiences)).toHaveCount(Math.min(20, c.place_ids.length))
    }
    await expectCharts(page, 1)
    await snap('creator')
  })

  test('folds the experiences list and remembers it', async ({ page, request }) => {
    const c = (await creators(request))[0]!
    await page.goto(`/creators/${c.id}`)
    const toggle = main(page).getByRole('button', { name: /^Experiences \(/ })
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(main(page).locator('#creator-experiences-panel table')).toBeHidden()
    await page.reload()
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' })
    await expect(main(page).getByRole('button', { name: /^Experiences \(/ })).toHaveAttribute(
      'aria-expanded',
      'false',
    )
    await main(page)
      .getByRole('button', { name: /^Experiences \(/ })
      .click()
    await expect(main(page).locator('#creator-experiences-panel table')).toBeVisible()
  })

  test('switches the Average CCU between Active, Top Five and All, weekly by default', async ({
    page,
    request,
  }) => {
    const c = (await creators(request))[0]!
    await page.goto(`/creators/${c.id}`)
    const card = main(page).getByRole('region', { name: 'Average CCU' })
    await expect(card.getByRole('tab', { name: 'Active' })).toHaveAttribute('aria-selected', 'true')
    await expect(card.getByRole('radio', { name: 'Week' })).toBeChecked()
    for (const [tab, scope] of [
      ['Top Five', 'top_five'],
      ['All', 'all'],
    ] as const) {
      const answered = page.waitForResponse(
        (r) => r.url().includes(`/api/creator/${c.id}/ccu?`) && r.url().includes(`scope=${scope}`),
      )
      await card.getByRole('tab', { name: tab }).click()
      expect((await answered).status()).toBe(200)
      await expect(card.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true')
    }
    await expect(card.locator('figure')).toHaveCount(1)
  })

  test('holds a visitor to 30 days: the long ranges open the sign-up promo', async ({ page, request }) => {
    const c = (await creators(request))[0]!
    await page.goto(`/creators/${c.id}`)
    const card = main(page).getByRole('region', { name: 'Average CCU' })
    await card.getByRole('button', { name: /^All/ }).click()
    await expect(promoModal(page)).toBeVisible()
    // And the server refuses the older range whatever the page asks.
    const response = await request.get(`/api/creator/${c.id}/ccu?startTime=2020-01-01`)
    expect(response.headers()['x-ludex-history-start']).toBeTruthy()
  })

  test('answers 404 for an invalid or unknown creator', async ({ page, request }) => {
    const group = (await creators(request)).find((c) => c.type === 'Group')!
    for (const path of [
      '/creators/abc',
      '/creators/0',
      '/creators/999999999999',
      `/creators/${group.id}?type=User`,
      `/creators/${group.id}?type=Robot`,
    ]) {
      expect((await request.get(path)).status(), path).toBe(404)
      await page.goto(path)
      await expect(page.getByRole('heading', { name: TEXT.notFoundTitle }), path).toBeVisible()
    }
  })

  test('the experience page links to its creator', async ({ page, request, experiences }) => {
    const top = experiences[0]!
    const owner = (await creators(request)).find((c) => c.place_ids.includes(top.place_id))!
    await page.goto(`/experiences/${top.place_id}`)
    await main(page).getByRole('link', { name: owner.name, exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`/creators/${owner.id}(\\?type=${owner.type})?$`))
    await expect(main(page).getByRole('heading', { name: owner.name, level: 1 })).toBeVisible()
  })
})
