import { MOMENTUM_LABEL_TEXT, type MomentumResponse, type PlaceMomentum } from '@ludex/schemas'
import type { APIRequestContext } from '@playwright/test'
import { expect, main, test } from './support/fixtures.ts'

/**
 * Momentum and recent like % as a visitor meets them (issue 20.3, 20.4): the label on the list (a
 * sortable column) and in the detail header, each linking to its method; the Recent Like % card; and
 * /methodology, server-rendered, with a section per method and anchors for deep links.
 */

async function momentumOf(request: APIRequestContext): Promise<MomentumResponse> {
  const res = await request.get('/api/stats/momentum')
  expect(res.ok(), 'GET /api/stats/momentum').toBe(true)
  return (await res.json()) as MomentumResponse
}

const labelText = (m: PlaceMomentum) => (m.momentum === null ? null : MOMENTUM_LABEL_TEXT[m.momentum])

test.describe('momentum and recent like %', () => {
  test('the list shows each experience’s label, sorts by it, and links it to its method', async ({
    page,
    request,
  }) => {
    const answer = await momentumOf(request)
    const labelled = answer.places.filter((p) => p.momentum !== null)
    // 35 days of backfill give both 7-day windows to the experiences with players.
    expect(labelled.length).toBeGreaterThan(0)

    await page.goto('/experiences')
    const table = main(page).getByRole('table')
    await expect(table.getByRole('columnheader', { name: /Momentum/ })).toBeVisible()
    const rows = table.locator('tbody tr')
    await expect(rows.first()).toBeVisible()
    // The first row is the busiest experience: its badge says what the API says.
    const first = answer.places[0]!
    const firstBadge = rows.first().locator('[data-momentum]')
    if (labelText(first) === null) await expect(firstBadge).toHaveCount(0)
    else await expect(firstBadge).toHaveText(labelText(first)!)

    // Sorted by momentum (largest change first): the top row is the labelled place with the largest change.
    await table.getByRole('button', { name: 'Momentum' }).click()
    const best = labelled.toSorted((a, b) => (b.change ?? 0) - (a.change ?? 0))[0]!
    await expect(rows.first().locator('[data-momentum]')).toHaveText(labelText(best)!)
    await expect(rows.first().getByRole('link').first()).toHaveAttribute(
      'href',
      `/experiences/${best.place_id}`,
    )

    // The label links to its method.
    await rows.first().locator('[data-momentum]').click()
    await expect(page).toHaveURL(/\/methodology#momentum$/)
    await expect(main(page).locator('section#momentum')).toBeInViewport()
  })

  test('the detail header shows the label and the page has the Recent Like % card', async ({
    page,
    request,
  }) => {
    const answer = await momentumOf(request)
    const place = answer.places.find((p) => p.momentum !== null)!
    await page.goto(`/experiences/${place.place_id}`)
    const badge = main(page).locator('[data-momentum]')
    await expect(badge).toHaveText(labelText(place)!)
    await expect(badge).toHaveAttribute('href', '/methodology#momentum')

    const card = main(page).getByRole('region', { name: 'Recent Like %' })
    await expect(card).toBeVisible()
    const recent = await request.get(`/api/stats/likes-recent?placeId=${place.place_id}`)
    const body = (await recent.json()) as { lifetime: number | null }
    await expect(card.getByTestId('recent-likes-headline')).toContainText(
      body.lifetime === null ? 'Lifetime —' : `Lifetime ${body.lifetime.toFixed(1)} %`,
    )
    await expect(card.getByTestId('recent-likes-headline')).toContainText('last 7 days')
    await expect(card.getByRole('link', { name: 'How it is computed' })).toHaveAttribute(
      'href',
      '/methodology#recent-likes',
    )
  })

  test('/methodology is server-rendered with a section per method, reachable from the footer', async ({
    page,
    request,
  }) => {
    const response = await request.get('/methodology')
    expect(response.status()).toBe(200)
    const html = await response.text()
    expect(html).toContain('<title>Methodology | Ludex</title>')
    expect(html).toContain('id="momentum"')
    expect(html).toContain('id="recent-likes"')

    await page.goto('/overview')
    await page.locator('footer').getByRole('link', { name: 'Methodology' }).click()
    await expect(page).toHaveURL(/\/methodology$/)
    for (const [id, title] of [
      ['momentum', 'Momentum'],
      ['recent-likes', 'Recent like %'],
    ] as const) {
      const section = main(page).locator(`section#${id}`)
      await expect(section.getByRole('heading', { level: 2, name: title })).toBeVisible()
      for (const part of ['What is computed', 'From which samples', 'Delay', 'What can go wrong']) {
        await expect(section.getByRole('heading', { level: 3, name: part })).toBeVisible()
      }
    }
    // The contents link to each section.
    await main(page)
      .getByRole('navigation', { name: 'Methods' })
      .getByRole('link', { name: 'Recent like %' })
      .click()
    await expect(page).toHaveURL(/\/methodology#recent-likes$/)
    await expect(main(page).locator('section#recent-likes')).toBeInViewport()
  })
})
